import { renderToStaticMarkup } from "react-dom/server";
import type { OrderDetail } from "../../../worker/services/order-views";
import { OrderDetails, type DetailsTexts } from "./order-details";
import { OrderLog, type OrderLogLine } from "./order-log";

// The open order's parts that are markup only, drawn by the order pages' loader (decision 037's pattern, like
// explore's cards): the Details tab (answers, choices, files as links that open in a new tab) and the event log. The
// browser never renders them, so their code stays off the page. Rendered inside the request's message scope, so the
// texts are in the page's language.

export const orderDetailsMarkup = (order: OrderDetail, texts: DetailsTexts) => renderToStaticMarkup(<OrderDetails order={order} texts={texts} />);

export const orderLogMarkup = (events: OrderLogLine[], texts: { heading: string; empty: string }) => renderToStaticMarkup(<OrderLog events={events} texts={texts} />);
