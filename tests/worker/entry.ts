// The Worker as the tests see it: the real Hono app and Durable Objects, without the React Router build.
import { createApp } from "#worker/app";
import { scheduled } from "#worker/scheduled";

export { Order } from "#durable-objects/order";
export { ChatRoom } from "#durable-objects/chat-room";

export default { fetch: createApp().fetch, scheduled } satisfies ExportedHandler<Env>;
