import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { AppStylesContext } from "#app/lib/app-styles";
import { CspNonceContext } from "#app/lib/csp-nonce";
import { DocumentOnlyContext } from "#app/lib/document-only";
import { requestContext } from "#app/lib/request-context";
import appStyles from "./app.css?inline";

// React Router's default web entry (@react-router/dev/dist/config/defaults/entry.server.web.tsx) plus the CSP nonce
// the Worker chose for this response: on React's streaming scripts, React Router's hydration and streamed-data
// scripts (<ServerRouter nonce>, which <Scripts>, <ScrollRestoration> and <Links> also read), and root.tsx's own.

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { cspNonce: nonce, documentOnly = null } = loadContext.get(requestContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const body = await renderToReadableStream(
    <CspNonceContext.Provider value={nonce}>
      <DocumentOnlyContext.Provider value={documentOnly}>
        {/* Inlined in a production build (app-styles.tsx); `npm run dev` links it, for hot reloading. */}
        <AppStylesContext.Provider value={import.meta.env.DEV ? null : appStyles}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </AppStylesContext.Provider>
      </DocumentOnlyContext.Provider>
    </CspNonceContext.Provider>,
    {
      nonce,
      // React outlines a finished Suspense boundary past the first 12,800 bytes (sent after the shell, revealed by an
      // inline script up to 300 ms later). The page is rendered before it is sent, so that only delays its content:
      // never outline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject and are logged by React Router; only log the ones streamed after it.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Bots and SPA mode get the whole document at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
