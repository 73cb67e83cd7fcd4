// The order page's licence block as the loader hands it over (issue 63, decision 099; the delivery-date block's
// pattern, order-extension-texts.server.ts): the client's "Ask to change the licence" form (a box per licence tag) or,
// while their request waits, what they asked for; the creator's answer to a waiting request (Accept and Decline). What
// each party is offered is their row of the order process (`openTransition`), which the Order object applies again,
// so the page offers no move the object refuses.
import { licenceText } from "#app/components/orders/licence-text";
import { m } from "#app/paraglide/messages.js";
import { LICENCE_TAGS } from "#worker/db/schema/enums";
import { type Licence, type LicenceTag, tagsOf } from "#worker/orders/domain/licence";
import { openTransition } from "#worker/orders/domain/order";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { showDateTime } from "#app/components/orders/order-format";

export interface LicenceAskForm {
  toggle: string;
  intro: string;
  legend: string;
  /** A box per tag, the order's own licence ticked to start from. */
  options: { tag: LicenceTag; label: string; checked: boolean }[];
  submit: string;
}

export interface LicencePending {
  heading: string;
  facts: { label: string; value: string }[];
  note: string;
  accept: string;
  decline: string;
  acceptConfirm: string;
  declineConfirm: string;
}

export interface OrderLicencePanel {
  heading: string;
  /** "Current licence: …", for the client asking. */
  current: string;
  /** The client's form, when they may ask now. */
  ask: LicenceAskForm | null;
  /** The client's note while their request waits for the creator. */
  waiting: string | null;
  /** The creator's answer to a waiting request. */
  pending: LicencePending | null;
}

const TAG_LABELS: Record<LicenceTag, () => string> = {
  personal: m.orders_licence_change_tag_personal,
  streaming: m.orders_licence_change_tag_streaming,
  goods: m.orders_licence_change_tag_goods,
  advertising: m.orders_licence_change_tag_advertising,
  exclusive: m.orders_licence_change_tag_exclusive,
};
/** A licence in the viewer's words, as the order shows it elsewhere; an order from before licences has none, and says so. */
const licenceWords = (licence: Licence | null) => (licence ? licenceText(licence) : m.orders_licence_change_none());

/** The block for one of the order's parties; null when the order is not one whose licence may change now. */
export function orderLicencePanel(order: OrderDetail, now: number): OrderLicencePanel | null {
  const { facts } = order;
  const licence = facts.licence ?? null;
  const request = facts.licenceRequest ?? null;
  const offered = (name: string) => {
    const t = openTransition(name, facts, now);
    return t.shown && t.blockedBy === null;
  };
  const base = {
    heading: m.orders_licence_change_heading(),
    current: m.orders_licence_change_current({ licence: licenceWords(licence) }),
  };
  if (order.side === "buyer") {
    const waiting =
      request && openTransition("acceptLicence", facts, now).shown
        ? m.orders_licence_change_waiting({
            date: showDateTime(request.requestedAt),
            licence: licenceWords(request.licence),
          })
        : null;
    const ticked = licence ? tagsOf(licence) : [];
    const ask = offered("requestLicence")
      ? {
          toggle: m.orders_licence_change_toggle(),
          intro: m.orders_licence_change_intro(),
          legend: m.orders_licence_change_legend(),
          options: LICENCE_TAGS.map((tag) => ({ tag, label: TAG_LABELS[tag](), checked: ticked.includes(tag) })),
          submit: m.orders_licence_change_submit(),
        }
      : null;
    return ask || waiting ? { ...base, ask, waiting, pending: null } : null;
  }
  if (!request || !offered("acceptLicence")) return null;
  const asked = licenceWords(request.licence);
  return {
    ...base,
    ask: null,
    waiting: null,
    pending: {
      heading: m.orders_licence_change_pending_heading(),
      facts: [
        { label: m.orders_licence_change_pending_asked(), value: asked },
        { label: m.orders_licence_change_pending_current(), value: licenceWords(licence) },
      ],
      note: m.orders_licence_change_pending_note(),
      accept: m.orders_licence_change_accept(),
      decline: m.orders_licence_change_decline(),
      acceptConfirm: m.orders_licence_change_accept_confirm({ licence: asked }),
      declineConfirm: m.orders_licence_change_decline_confirm(),
    },
  };
}
