import { createContext, useContext } from "react";

/**
 * Values a loader hands to the server's render of a whole page, and never to the browser.
 *
 * React Router sends every loader's data twice on a document request: rendered as markup, and again as hydration
 * data so the browser can render the same tree. A long list the browser only has to keep as it is (the explore
 * page's first cards: decision 035) can skip the second copy: its loader puts the list here and returns a marker
 * instead; the server renders from this store and the browser keeps the server's markup (useDocumentOnly is
 * undefined there). The Worker creates the store for page documents only (`RequestContext.documentOnly`); a `.data`
 * request (client navigation, fetchers) has none, so its loader returns the list in its data as usual.
 */
export type DocumentOnlyValues = Map<string, unknown>;

export const DocumentOnlyContext = createContext<DocumentOnlyValues | null>(null);

export function useDocumentOnly<T>(key: string): T | undefined {
  return useContext(DocumentOnlyContext)?.get(key) as T | undefined;
}
