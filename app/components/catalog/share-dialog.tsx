// The share dialog's body, loaded on first open (share-modal.tsx): the profile and form pages do not ship its
// links, texts and the modal shell up front.
import { useId } from "react";
import { ModalShell } from "#app/components/dialog/modal-shell";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard";
import { m } from "#app/paraglide/messages.js";

/** Spec section 9: the share hashtag. */
const SHARE_HASHTAG = "cometme";

/** The share targets of spec section 2, as plain links (no third-party script loads). */
function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    {
      key: "x",
      label: m.catalog_share_x(),
      href: `https://x.com/intent/post?text=${t}&url=${u}&hashtags=${SHARE_HASHTAG}`,
    },
    {
      key: "bluesky",
      label: m.catalog_share_bluesky(),
      href: `https://bsky.app/intent/compose?text=${encodeURIComponent(`${text} ${url} #${SHARE_HASHTAG}`)}`,
    },
    { key: "reddit", label: m.catalog_share_reddit(), href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
    {
      key: "whatsapp",
      label: m.catalog_share_whatsapp(),
      href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    },
    {
      key: "mail",
      label: m.catalog_share_mail(),
      href: `mailto:?subject=${t}&body=${encodeURIComponent(`${url}\n#${SHARE_HASHTAG}`)}`,
    },
  ];
}

/** The share modal: X, BlueSky, Reddit, WhatsApp, Mail, and copy link with "Copied" feedback. */
export function ShareModal({ path, text, onClose }: { path: string; text: string; onClose: () => void }) {
  const titleId = useId();
  const inputId = useId();
  // Rendered only in the browser, after a click (share-modal.tsx): the absolute link is there from the first frame.
  const url = new URL(path, window.location.origin).toString();
  // Clipboard refused (permissions): the link stays selectable in the field.
  const { copied, copy } = useCopyToClipboard({
    onRefused: () => (document.getElementById(inputId) as HTMLInputElement | null)?.select(),
  });

  return (
    <ModalShell open labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="pr-8 text-lg font-semibold">
        {m.catalog_share_title()}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-2">
        {shareLinks(url, text).map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="block rounded-lg border border-zinc-200 px-3 py-2 text-sm font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <label htmlFor={inputId} className="mt-4 block text-sm font-medium">
        {m.catalog_share_link_label()}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          readOnly
          value={url}
          className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
        <button type="button" className="button-primary" onClick={() => void copy(url)} aria-live="polite">
          {copied ? m.catalog_share_copied() : m.catalog_share_copy()}
        </button>
      </div>
    </ModalShell>
  );
}
