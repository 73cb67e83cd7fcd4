import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { requestContext } from "#app/lib/request-context";
import { PAGE_READS } from "#app/loaders/page-reads/index.server";
import { createApp } from "./app";
import { withMessageLocale } from "./messages/message-locale";
import { scheduled } from "./scheduled";

export { Order } from "#durable-objects/order";
export { ChatRoom } from "#durable-objects/chat-room";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * React Router derives its route table and static handler from the build on every request when it is given the
 * build as a function (so that dev picks up edits). A production build never changes: it is derived once per isolate,
 * which saves each page about a millisecond of CPU (flattening and ranking every route; docs/decisions/035).
 */
let productionHandler: RequestHandler | undefined;
const handleRequest: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : async (request, context) => {
      productionHandler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
      return productionHandler(request, context);
    };

const app = createApp(
  (request, context) =>
    // Messages rendered on the server speak the language the Worker decided for this request.
    withMessageLocale(context.locale, context.url.origin, () => {
      const loadContext = new RouterContextProvider();
      loadContext.set(requestContext, context);
      return handleRequest(request, loadContext);
    }),
  // Off in dev: an edited component would not reach a page the cache still holds (docs/decisions/069).
  { pageCache: !import.meta.env.DEV, pageReads: PAGE_READS },
);

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
