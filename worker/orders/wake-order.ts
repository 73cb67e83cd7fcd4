/**
 * A new order's object woken after the answer (decision 085): it loads the order and sets its alarm on the approval
 * deadline. The request doors (api/order-requests.ts) run it once the order's rows are written; an object that does not
 * wake then is found by the cron's deadline sweep (fire-deadlines.ts), as any alarm missed.
 */
import { orderStub } from "./order-stub";

export const wakeOrder = (env: Pick<Env, "ORDER">, orderId: string): Promise<unknown> =>
  orderStub(env.ORDER, orderId).get();
