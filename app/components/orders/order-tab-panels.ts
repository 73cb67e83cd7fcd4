// The order panel's tabs that are never selected at load (Payment, Delivery, Settings), in one chunk fetched on first
// use (lazy-order-tabs.ts): the card payment, the deliverable uploads and the settings forms are not the page's
// first paint, which always opens on Details.
export { OrderDelivery } from "./order-delivery";
export { OrderPayment } from "./order-payment";
export { OrderSettings } from "./order-settings";
