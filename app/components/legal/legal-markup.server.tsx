import { renderToStaticMarkup } from "react-dom/server";
import { LEGAL_DOCUMENTS } from "#app/content/legal/documents";
import type { LegalDocument } from "#app/content/legal/legal-document";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import { isLegalTranslation, type LegalSlug } from "#worker/domain/legal-pages";
import { withFeeFacts } from "#app/content/legal/facts";

// A guideline or legal page is the same for every reader of a language: the server draws it once per isolate for
// each page and language (as the footer, decision 039), and the browser only places the markup. None of the texts,
// nor the code that lays them out, ships to the browser as JavaScript (decision 052).

/** Pages with at least this many sections get a list of contents at the top. */
const CONTENTS_FROM_SECTIONS = 4;

interface PageTexts {
  draftLabel: string;
  draftBody: string;
  /** In a language the texts were translated into: that the Japanese text governs (decision 105). */
  translationBody: string | null;
  contents: string;
}

function LegalDocumentView({ document, texts }: { document: LegalDocument; texts: PageTexts }) {
  return (
    <>
      <header>
        <h1>{document.title}</h1>
        <div className="legal-draft" role="note" aria-label={texts.draftLabel}>
          <p>
            <strong>{texts.draftLabel}</strong> {texts.draftBody}
          </p>
          {texts.translationBody ? <p>{texts.translationBody}</p> : null}
        </div>
        <div className="legal-lead">{document.lead}</div>
      </header>
      {document.sections.length >= CONTENTS_FROM_SECTIONS ? (
        <nav className="legal-contents" aria-labelledby="legal-contents-heading">
          <h2 id="legal-contents-heading">{texts.contents}</h2>
          <ol>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {document.sections.map((section) => (
        <section key={section.id}>
          <h2 id={section.id}>{section.heading}</h2>
          {section.body}
        </section>
      ))}
    </>
  );
}

const markups = new Map<string, string>();

/**
 * The page's title and its markup (title, draft notice, contents and sections) in `locale`.
 */
export function legalPageView(
  slug: LegalSlug,
  locale: Locale,
  feeNumerators: number[],
): { title: string; html: string } {
  const document = LEGAL_DOCUMENTS[locale][slug];
  const key = `${locale}:${slug}`;
  let html = markups.get(key);
  if (html === undefined) {
    const texts = {
      draftLabel: m.legal_draft_label({}, { locale }),
      draftBody: m.legal_draft_body({}, { locale }),
      translationBody: isLegalTranslation(locale) ? m.legal_translation_body({}, { locale }) : null,
      contents: m.legal_contents({}, { locale }),
    };
    html = renderToStaticMarkup(<LegalDocumentView document={document} texts={texts} />);
    markups.set(key, html);
  }
  return { title: document.title, html: withFeeFacts(html, feeNumerators) };
}
