import { useId, useRef } from "react";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard";

export interface InviteLinkTexts {
  label: string;
  hint: string;
  copy: string;
  copied: string;
}

/**
 * The user's invite link (decision 053) in a read-only field, with a copy button that says "Copied" for two seconds.
 * The texts come from the page's loader, so no message of this section is in the page's JavaScript. If the clipboard
 * is refused, the link is selected instead, for the user to copy by hand; without JavaScript it can be selected too.
 */
export function InviteLinkField({ url, texts }: { url: string; texts: InviteLinkTexts }) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopyToClipboard({ onRefused: () => input.current?.select() });

  return (
    <div className="max-w-xl">
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {texts.label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={input}
          id={inputId}
          readOnly
          value={url}
          aria-describedby={hintId}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        />
        <button type="button" className="button-primary min-h-11" onClick={() => void copy(url)}>
          {copied ? texts.copied : texts.copy}
        </button>
      </div>
      <p id={hintId} className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        {texts.hint}
      </p>
      {/* Announced once, when the copy succeeds; the button's own name changing is not read out everywhere. */}
      <p role="status" className="sr-only">
        {copied ? texts.copied : ""}
      </p>
    </div>
  );
}
