import type { ReactNode } from "react";

/**
 * One guideline or legal page in one language (decision 052). The text is JSX so that a reviewer reads it as a
 * document (headings, paragraphs, lists, links) and a lawyer's edits land in one place per language; it is rendered on
 * the server only (app/components/legal/legal-markup.server.tsx) and reaches the browser as markup.
 */
export interface LegalDocument {
  /** The page's one h1, and its <title>. */
  title: string;
  /** What the page is, before its sections. */
  lead: ReactNode;
  sections: readonly LegalSection[];
}

interface LegalSection {
  /** The fragment the page's contents link to; the same in en and ja so a link to a section survives a language switch. */
  id: string;
  heading: string;
  body: ReactNode;
}
