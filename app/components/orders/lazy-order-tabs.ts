import { lazy } from "react";

// The Payment, Delivery and Settings tabs' panels, one chunk loaded on first use (order-tab-panels.ts). The panel
// opens on Details, so these are never server-rendered; `preloadOrderTabs` starts the load when a pointer nears the
// tab list or a tab gets focus, so the panel is usually there by the click.
const loadOrderTabs = () => import("./order-tab-panels");

export const preloadOrderTabs = () => void loadOrderTabs();

export const OrderDelivery = lazy(() => loadOrderTabs().then((module) => ({ default: module.OrderDelivery })));
export const OrderPayment = lazy(() => loadOrderTabs().then((module) => ({ default: module.OrderPayment })));
export const OrderSettings = lazy(() => loadOrderTabs().then((module) => ({ default: module.OrderSettings })));
