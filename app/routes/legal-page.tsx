import { useState } from "react";
import { data } from "react-router";
import { useDelegatedLinks } from "#app/components/catalog/use-delegated-links";
import { legalPageView } from "#app/components/legal/legal-markup.server";
import { useDocumentOnly } from "#app/lib/document-only";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { legalPageAt } from "#worker/domain/legal-pages";
import { activeFeeNumerators } from "#worker/services/fees";
import type { Route } from "./+types/legal-page";

/**
 * The footer's guideline and legal pages (worker/domain/legal-pages.ts, decision 052): one module behind one route
 * per page, which the URL names. The text is drawn on the server (legal-markup.server.tsx) in the reader's language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, documentOnly, db } = context.get(requestContext);
  const page = legalPageAt(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  const { title, html } = legalPageView(page.slug, locale, await activeFeeNumerators(db));
  // A page document renders the markup from the document-only store and the browser keeps it, so the hydration data
  // does not carry the text a second time (the explore page's pattern, decision 035). A client navigation gets it.
  if (documentOnly) {
    documentOnly.set(DOCUMENT_LEGAL_PAGE, html);
    return { slug: page.slug, title, html: null };
  }
  return { slug: page.slug, title, html };
}

/** The document-only key of the page's markup (app/lib/document-only.ts). */
const DOCUMENT_LEGAL_PAGE = "legal-page:markup";
const ARTICLE_ID = "legal-page";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: m.layout_meta_page_title({ page: loaderData.title }) }] : [];

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const serverMarkup = useDocumentOnly<string>(DOCUMENT_LEGAL_PAGE);
  // The document's own markup, read once before React touches it: hydration keeps what the server drew.
  const [documentMarkup] = useState(() =>
    typeof document === "undefined" ? "" : (document.getElementById(ARTICLE_ID)?.innerHTML ?? ""),
  );
  const followLink = useDelegatedLinks();
  const html = loaderData.html ?? serverMarkup ?? documentMarkup;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      {/* The click handler gives the links to other pages a <Link>'s navigation; each is a plain anchor. */}
      <article
        id={ARTICLE_ID}
        key={loaderData.slug}
        className="legal-page"
        onClick={(event) => {
          // A link to a section of this page is the browser's own; the others navigate in place.
          const anchor = event.target instanceof Element ? event.target.closest("a") : null;
          if (!anchor?.getAttribute("href")?.startsWith("#")) followLink(event);
        }}
        dangerouslySetInnerHTML={{ __html: html }}
        suppressHydrationWarning
      />
    </div>
  );
}
