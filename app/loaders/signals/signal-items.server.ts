// The signals a stranger can read (issue 66, decision 106), worded by the loader in the reader's language: each a label,
// its value and a short explanation, for the profile, its service cards and request modal, the form page and a
// client's record. Messages and number and month formats stay off the browser.
import type { SignalItem } from "#app/components/signals/signal-list";
import { m } from "#app/paraglide/messages.js";
import { INTL_TAGS, type Locale } from "#worker/domain/locales";
import { type ClientSignals, type CreatorSignals, responseSpan, SIGNAL_MIN_SAMPLE } from "#worker/domain/trust-signals";

// One formatter per language for the isolate's life: building an Intl formatter costs more than using it, and the
// profile's server time is measured (issue 66).
const numberFormats = new Map<Locale, Intl.NumberFormat>();
const monthFormats = new Map<Locale, Intl.DateTimeFormat>();

function number(value: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(INTL_TAGS[locale])));
  return format.format(value);
}

/** "March 2025" of a `YYYY-MM`, in the reader's words. */
function month(memberSince: string, locale: Locale): string {
  const [year, monthNumber] = memberSince.split("-").map(Number);
  let format = monthFormats.get(locale);
  if (!format)
    monthFormats.set(
      locale,
      (format = new Intl.DateTimeFormat(INTL_TAGS[locale], { year: "numeric", month: "long", timeZone: "UTC" })),
    );
  return format.format(Date.UTC(year!, monthNumber! - 1, 1));
}

function responseText(hours: number, locale: Locale): string {
  if (hours <= 1) return m.signals_response_hour();
  const span = responseSpan(hours);
  const count = number(span.count, locale);
  return span.unit === "hours" ? m.signals_response_hours({ count }) : m.signals_response_days({ count });
}

/**
 * A creator's signals: identity verified only when it is (an unverified creator simply lacks the line), orders
 * completed and member since always, the on-time rate and typical response "New" below the sample, repeat clients.
 */
export function creatorSignalItems(signals: CreatorSignals, locale: Locale): SignalItem[] {
  const min = String(SIGNAL_MIN_SAMPLE);
  const items: SignalItem[] = [];
  if (signals.identityVerified)
    items.push({
      key: "identity",
      label: m.signals_identity_verified(),
      value: null,
      about: m.signals_identity_verified_about(),
    });
  items.push(
    {
      key: "orders",
      label: m.signals_orders_completed(),
      value: number(signals.ordersCompleted, locale),
      about: m.signals_orders_completed_about(),
    },
    {
      key: "on-time",
      label: m.signals_on_time(),
      value:
        signals.onTimePercent === null
          ? m.signals_new()
          : m.signals_on_time_value({ percent: number(signals.onTimePercent, locale) }),
      about: m.signals_on_time_about({ min }),
    },
    {
      key: "response",
      label: m.signals_response(),
      value:
        signals.typicalResponseHours === null ? m.signals_new() : responseText(signals.typicalResponseHours, locale),
      about: m.signals_response_about({ min }),
    },
    {
      key: "repeat",
      label: m.signals_repeat_clients(),
      value: number(signals.repeatClients, locale),
      about: m.signals_repeat_clients_about(),
    },
    {
      key: "since",
      label: m.signals_member_since(),
      value: month(signals.memberSince, locale),
      about: m.signals_member_since_about(),
    },
  );
  return items;
}

/** The few a service card has room for: identity verified, orders completed, on time. */
export const cardSignalItems = (items: readonly SignalItem[]): SignalItem[] =>
  items.filter((item) => ["identity", "orders", "on-time"].includes(item.key));

/** A client's record as a creator reads it on a request (decision 086): no identity line, clients have no payouts. */
export function clientSignalItems(signals: ClientSignals, locale: Locale): SignalItem[] {
  return [
    {
      key: "orders",
      label: m.signals_orders_completed(),
      value: number(signals.ordersCompleted, locale),
      about: m.signals_client_orders_completed_about(),
    },
    {
      key: "repeat",
      label: m.signals_repeat_creators(),
      value: number(signals.repeatCreators, locale),
      about: m.signals_repeat_creators_about(),
    },
    {
      key: "since",
      label: m.signals_member_since(),
      value: month(signals.memberSince, locale),
      about: m.signals_member_since_about(),
    },
  ];
}

/** The signals' list's spoken name and its explanations' toggle, for the component. */
export const signalListTexts = (side: "creator" | "client") => ({
  label: side === "creator" ? m.signals_list_label() : m.signals_client_list_label(),
  more: m.signals_more_about(),
});
