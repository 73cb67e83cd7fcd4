import { useState } from "react";
import { useDelegatedLinks } from "#app/components/catalog/use-delegated-links";
import { useDocumentOnly } from "#app/lib/document-only";

/** The document-only key the site layout's loader puts the footer's markup under (site-footer-markup.server.tsx). */
export const DOCUMENT_FOOTER = "site-layout:footer";
const FOOTER_ID = "site-footer";

/** The markup this page's browser already holds: read once from the document, kept for the footer's later mounts. */
let browserMarkup: string | undefined;

function markupFromDocument(): string {
  // On the server the markup is always in the store (every page document has one); nothing to read there.
  if (typeof document === "undefined") return "";
  browserMarkup ??= document.getElementById(FOOTER_ID)?.innerHTML ?? "";
  return browserMarkup;
}

/**
 * The site's footer. It is the same on every page, so the server draws its markup once per language
 * (site-footer-markup.server.tsx) and no footer code or text ships to the browser (decision 039): a document's
 * render takes the markup from the document-only store, and the browser keeps what the document holds. Every page
 * is under the site layout, so the browser never needs the footer again from the server: it is not in any data.
 */
export function SiteFooter({ minimal }: { minimal: boolean }) {
  const documentMarkup = useDocumentOnly<string>(DOCUMENT_FOOTER);
  const [html] = useState(() => documentMarkup ?? markupFromDocument());
  const followLink = useDelegatedLinks();
  return (
    // The click handler only gives the in-app links a <Link>'s navigation; each link is reachable by itself.
    <footer
      id={FOOTER_ID}
      data-minimal={minimal ? "" : undefined}
      className="group mt-16 border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900"
      onClick={followLink}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
