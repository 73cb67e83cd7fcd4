import { createContext, useContext } from "react";

/**
 * The app's stylesheet (app.css, built by Tailwind), inlined in the document's <head> in a production build rather
 * than linked (docs/decisions/072): a linked stylesheet blocks the first paint for one more round trip after the
 * HTML, about 0.6 s on a slow phone network, while inlined it costs about 14 KB gzip in each document. `npm run dev`
 * keeps the link (root.tsx's `links`), so Vite hot-reloads the styles.
 *
 * app/entry.server.tsx provides the built CSS text. In the browser the context is empty and the text is the one the
 * server sent, read back once from the document, so hydration finds the same element and client navigations keep it.
 */
export const AppStylesContext = createContext<string | null>(null);

const ID = "app-styles";
let sentByServer: string | null | undefined;

function stylesSentByServer() {
  if (sentByServer === undefined)
    sentByServer = typeof document === "undefined" ? null : (document.getElementById(ID)?.textContent ?? null);
  return sentByServer;
}

/** The inlined stylesheet, or nothing in development. Needs no CSP nonce: style-src allows inline styles. */
export function AppStyles() {
  const css = useContext(AppStylesContext) ?? stylesSentByServer();
  return css ? <style id={ID} dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
