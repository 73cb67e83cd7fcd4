/**
 * The one way to reach an order's Durable Object (decision 081): by the order's id, which is the object's name. The
 * object reads that name back (`ctx.id.name`) and keeps it with the order in its storage, so no method takes the id
 * again. Takes the binding itself (`env.ORDER`, or the `orders` a service's deps carry).
 */
export const orderStub = (orders: Env["ORDER"], orderId: string) => orders.getByName(orderId);
