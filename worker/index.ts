import { createRequestHandler, RouterContextProvider } from "react-router";
import { paraglideMiddleware } from "../app/paraglide/server.js";
import { requestContext } from "../app/lib/request-context";
import { createApp } from "./app";
import { scheduled } from "./scheduled";

export { Order } from "../durable-objects/order";
export { ChatRoom } from "../durable-objects/chat-room";

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = createApp((request, context) =>
  // Paraglide's middleware scopes the request's locale (AsyncLocalStorage) for messages rendered on the server.
  paraglideMiddleware(request, () => {
    const loadContext = new RouterContextProvider();
    loadContext.set(requestContext, context);
    return handleRequest(request, loadContext);
  }),
);

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
