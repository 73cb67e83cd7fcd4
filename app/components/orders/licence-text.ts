// The order's licence in the reader's language (issue 63, decision 099): "Personal use", "Commercial use: streaming,
// goods", "Exclusive rights". Made by the loaders (the order panel's, the work page's), so pages ship the words only.
import { m } from "#app/paraglide/messages.js";
import type { CommercialUse, Licence } from "#worker/orders/domain/licence";

const USES: Record<CommercialUse, () => string> = {
  streaming: m.orders_licence_use_streaming,
  goods: m.orders_licence_use_goods,
  advertising: m.orders_licence_use_advertising,
};

export function licenceText(licence: Licence): string {
  switch (licence.scope) {
    case "personal":
      return m.orders_licence_personal();
    case "exclusive":
      return m.orders_licence_exclusive();
    case "commercial":
      return m.orders_licence_commercial({
        uses: licence.uses.map((use) => USES[use]()).join(m.orders_licence_uses_separator()),
      });
  }
}

/** "Licence" and its words, or null for an order from before licences (which shows none). */
export const licenceFact = (licence: Licence | null) =>
  licence ? { label: m.orders_licence_label(), value: licenceText(licence) } : null;
