// The one table of paid orders (decisions 026, 029): the sales history, the billing history and the wallet list the
// same entries (worker/orders/services/order-history.ts) with different columns; this file is their markup and their cells,
// so a column reads the same wherever it is shown.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { showApproximation, showDate, showMoney } from "#app/components/orders/order-format";
import { languageName } from "#app/components/translation/use-text-reading";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import type { AmountBreakdown } from "#worker/domain/money";
import type { CreatorShare, KeptReason, MoneyStatus, RefundReason } from "#worker/orders/domain/order-money-story";
import type { StageMoneyState } from "#worker/orders/domain/stage-money";
import type { TextReading } from "#worker/domain/text-reading";
import type { HistoryEntry, HistoryPriceLine } from "#worker/orders/services/order-history";
import type { CommercialUse, Licence } from "#worker/orders/domain/licence";

export interface SalesColumn {
  label: string;
  numeric?: boolean;
  cell: (entry: HistoryEntry) => ReactNode;
  testId?: string;
}

const cell = "px-3 py-2 text-left align-top";
const head = `${cell} text-xs font-semibold uppercase tracking-wide text-zinc-700 dark:text-zinc-300`;
const num = "px-3 py-2 text-right align-top tabular-nums";

/**
 * Below the `lg` breakpoint a `stacked` table lays each row out as a block of labelled cells (the column's name
 * beside its value) instead of scrolling sideways; the header row is then only for screen readers.
 */
const STACKED = {
  head: "max-lg:sr-only",
  row: "max-lg:block max-lg:py-2",
  cell: "max-lg:flex max-lg:justify-between max-lg:gap-4 max-lg:py-1 max-lg:text-right max-lg:before:text-left max-lg:before:font-semibold max-lg:before:text-zinc-700 max-lg:before:content-[attr(data-label)] dark:max-lg:before:text-zinc-300",
};

export function SalesTable({
  testId,
  entries,
  columns,
  stacked = false,
}: {
  testId: string;
  entries: HistoryEntry[];
  columns: SalesColumn[];
  stacked?: boolean;
}) {
  const [stackHead, stackRow, stackCell] = stacked ? [STACKED.head, STACKED.row, STACKED.cell] : ["", "", ""];
  return (
    <div
      className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800"
      data-testid={`${testId}-container`}
    >
      <table className={`w-full text-sm ${stacked ? "max-lg:block" : ""}`} data-testid={testId}>
        <thead className={`bg-zinc-50 dark:bg-zinc-900 ${stackHead}`}>
          <tr>
            {columns.map((c) => (
              <th key={c.label} className={head}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-zinc-200 dark:divide-zinc-800 ${stacked ? "max-lg:block" : ""}`}>
          {entries.map((entry) => (
            <tr key={entry.transactionId} data-order={entry.code} className={stackRow}>
              {columns.map((c) => (
                <td
                  key={c.label}
                  className={`${c.numeric ? num : cell} ${stackCell}`}
                  data-testid={c.testId}
                  data-label={stacked ? c.label : undefined}
                >
                  {c.cell(entry)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// ───────────────────────── the columns ─────────────────────────

type Amount = keyof Pick<AmountBreakdown, "totalAmount" | "taxAmount" | "salesAmount" | "feeAmount" | "incomeAmount">;
type ShareAmount = keyof Pick<CreatorShare, "amount" | "taxAmount" | "salesAmount" | "feeAmount" | "incomeAmount">;

/** A sentence with `{amount}` and `{reason}` left in it, filled by the cell (the loader cannot know the amounts). */
type Template = string;

/** The tables' words, made by the page's loader (table-texts.server.ts), so the tables ship no messages. */
export interface TableTexts {
  date: string;
  order: string;
  status: string;
  paid: string;
  refunded: string;
  /** The payment's status as the money story reads it (decision 094); `refunding` ones while Stripe is still at it. */
  statuses: Record<MoneyStatus, string> & { refunding: string; partly_refunding: string };
  /** What moved, per side: back to the client (done or under way), and what stays with the creator. */
  money: Record<"seller" | "buyer", { back: Template; goingBack: Template; kept: Template }>;
  reasons: Record<RefundReason | KeptReason, string>;
  /** The creator's share of what the client paid: all of it, or what they kept once part went back. */
  share: string;
  previous: string;
  next: string;
  amounts: Record<Amount, string>;
  /** The receipt column's words (issue 63): the lines' own, and the licence's, with slots the cell fills. */
  receipt: {
    label: string;
    base: string;
    option: string;
    /** `{unit} × {count}` */
    each: Template;
    /** `+{percent}%` */
    percent: Template;
    adjustment: string;
    licence: {
      /** `Licence: {licence}` */
      line: Template;
      personal: string;
      exclusive: string;
      /** `Commercial use: {uses}` */
      commercial: Template;
      uses: Record<CommercialUse, string>;
      separator: string;
    };
  };
  /** A staged order's stages column (issue 36). */
  stages: {
    label: string;
    states: Record<StageMoneyState, string>;
    fee: string;
    transferred: string;
    payoutHeld: string;
    refunded: string;
    kept: string;
    awarded: string;
  };
}

const fill = (template: Template, amount: string, reason = "") =>
  template.replace("{amount}", amount).replace("{reason}", reason);

export const dateColumn = (texts: TableTexts): SalesColumn => ({ label: texts.date, cell: (e) => showDate(e.paidAt) });

/** The order's code and title, linking to the order on the viewer's side (managements or client requests). */
export const orderColumn = (texts: TableTexts, orderPage: string): SalesColumn => ({
  label: texts.order,
  cell: (e) => (
    <Link
      to={`${orderPage}?order=${encodeURIComponent(e.code)}`}
      className="font-medium text-brand-700 underline dark:text-brand-300"
    >
      <span className="font-mono text-xs">{e.code}</span> <ReadTitle text={e.title} reading={e.titleReading} />
    </Link>
  ),
});

/** The other party: the client on the seller's pages, the creator on the buyer's. */
export const counterpartColumn = (label: string): SalesColumn => ({
  label,
  cell: (e) => (e.counterpart ? `${e.counterpart.name} (@${e.counterpart.handle})` : "—"),
});

/** One figure of the breakdown, in the order's currency. */
export const amountColumn = (texts: TableTexts, amount: Amount): SalesColumn => ({
  label: texts.amounts[amount],
  numeric: true,
  cell: ({ breakdown: b }) => showMoney(b[amount], b.currencyCode),
});

/**
 * One figure of the creator's share (the money story's, decision 094): of the whole total while nothing went back, of
 * what they kept once part did, each piece split as its payout is; in the order's currency.
 */
export const shareColumn = (label: string, amount: ShareAmount): SalesColumn => ({
  label,
  numeric: true,
  cell: ({ money, breakdown: b }) => showMoney(money.creator[amount], b.currencyCode),
});

/** The total, with its approximation in the viewer's display currency when that differs (spec section 3). */
export const totalWithApproximationColumn = (texts: TableTexts): SalesColumn => ({
  label: texts.amounts.totalAmount,
  numeric: true,
  cell: ({ breakdown: b }) => (
    <>
      {showMoney(b.totalAmount, b.currencyCode)}
      {b.displayCurrencyCode !== b.currencyCode && (
        <span className="block text-xs text-zinc-700 dark:text-zinc-300">
          {showApproximation(b.displayTotalAmount, b.displayCurrencyCode)}
        </span>
      )}
    </>
  ),
});

/** The licence in the loader's words: "Personal use", "Commercial use: streaming, goods", "Exclusive rights". */
function licenceWords(words: TableTexts["receipt"]["licence"], licence: Licence): string {
  if (licence.scope !== "commercial") return words[licence.scope];
  return words.commercial.replace("{uses}", licence.uses.map((use) => words.uses[use]).join(words.separator));
}

/** A line's name and how it was counted ("¥8,000 × 2", "+100%"), as the order's Payment tab words it. */
function lineName(words: TableTexts["receipt"], line: HistoryPriceLine, money: (minor: number) => string) {
  const name =
    line.kind === "base" ? words.base : line.kind === "adjustment" ? words.adjustment : (line.title ?? words.option);
  const detail =
    line.kind === "each"
      ? words.each.replace("{unit}", money(line.unit)).replace("{count}", String(line.count))
      : line.kind === "percent"
        ? words.percent.replace("{percent}", String(line.percent))
        : null;
  return { name, detail };
}

/**
 * The payment as a receipt of its order (issue 63): each line of the price as priced, the creator's change at approval
 * (signed), and the licence both agreed to. An order from before the lines and licences shows "—", as before.
 */
export const receiptColumn = (texts: TableTexts): SalesColumn => ({
  label: texts.receipt.label,
  testId: "history-receipt",
  cell: ({ priceLines, licence, breakdown: b }) => {
    if (!priceLines && !licence) return "—";
    const money = (minor: number) => showMoney(minor, b.currencyCode);
    const words = texts.receipt;
    return (
      <div className="space-y-1 text-xs">
        {priceLines && (
          <ul className="space-y-0.5">
            {priceLines.map((line, index) => {
              const { name, detail } = lineName(words, line, money);
              const amount =
                line.kind === "adjustment"
                  ? `${line.amount < 0 ? "−" : "+"}${money(Math.abs(line.amount))}`
                  : money(line.amount);
              return (
                <li key={index} data-line={line.kind} className="flex justify-between gap-3">
                  <span className="min-w-0">
                    {line.title ? <ReadTitle text={line.title} reading={line.titleReading} /> : name}
                    {detail && <span className="text-zinc-700 dark:text-zinc-300"> {detail}</span>}
                  </span>
                  <span className="whitespace-nowrap tabular-nums">{amount}</span>
                </li>
              );
            })}
          </ul>
        )}
        {licence && (
          <p data-testid="history-licence">
            {words.licence.line.replace("{licence}", licenceWords(words.licence, licence))}
          </p>
        )}
      </div>
    );
  },
});

/** The status word of a payment's money: "Partly refunded" whenever part of it stayed with the creator. */
export function statusText(texts: Pick<TableTexts, "statuses">, { money }: Pick<HistoryEntry, "money">): string {
  const pending = money.refund !== null && !money.refund.done;
  if (money.status === "refunded" && pending) return texts.statuses.refunding;
  if (money.status === "partly_refunded" && pending) return texts.statuses.partly_refunding;
  return texts.statuses[money.status];
}

/**
 * The payment's status, and once money went back (or a dispute released it) what moved and why: what went back to the
 * client, and each part that stays with the creator (decision 094), in the words of the viewer's side.
 */
export const statusColumn = (texts: TableTexts, side: "seller" | "buyer"): SalesColumn => ({
  label: texts.status,
  cell: (e) => {
    const { money, breakdown: b } = e;
    const words = texts.money[side];
    const amount = (minor: number) => showMoney(minor, b.currencyCode);
    const told = money.refund !== null || money.kept.some((part) => part.reason === "dispute_release");
    return (
      <>
        <span
          className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${e.refunded ? "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100" : "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100"}`}
          data-testid="history-status"
          data-status={money.status}
        >
          {statusText(texts, e)}
        </span>
        {told && (
          <ul className="mt-1 space-y-0.5 text-xs text-zinc-800 dark:text-zinc-200" data-testid="history-money">
            {money.refund && (
              <li data-moved="refund">
                {fill(
                  money.refund.done ? words.back : words.goingBack,
                  amount(money.refund.amount),
                  texts.reasons[money.refund.reason],
                )}
              </li>
            )}
            {money.kept.map((part) => (
              <li key={part.reason} data-moved={part.reason}>
                {fill(words.kept, amount(part.amount), texts.reasons[part.reason])}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  },
});

/**
 * A staged order's money stage by stage (issue 36): each stage's amount and where it is (released, held, refunded);
 * with `seller`, the fee on it and its payout too. A canceled staged order adds what was refunded and what was kept.
 * Empty for an order without stages.
 */
export const stagesColumn = (texts: TableTexts, { seller }: { seller: boolean }): SalesColumn => ({
  label: texts.stages.label,
  testId: "history-stages",
  cell: ({ stages, money: story, breakdown: b }) => {
    if (stages.length === 0) return "—";
    const money = (minor: number) => showMoney(minor, b.currencyCode);
    // A canceled staged order: what went back, and what stayed for the approved stages and any dispute's award.
    const keptFor = (reason: KeptReason) => story.kept.find((part) => part.reason === reason)?.amount ?? 0;
    const award = keptFor("dispute_award");
    return (
      <div className="space-y-1 text-xs">
        <ol className="space-y-0.5">
          {stages.map((stage) => (
            <li key={stage.index} data-stage={stage.index} data-state={stage.state} className="whitespace-nowrap">
              <span className="font-medium">
                {stage.index + 1}. <ReadTitle text={stage.title} reading={stage.titleReading} />
              </span>{" "}
              <span className="tabular-nums">{money(stage.amount)}</span>
              {seller && (
                <span className="text-zinc-700 dark:text-zinc-300">
                  {" "}
                  ({texts.stages.fee} {money(stage.feeAmount)})
                </span>
              )}{" "}
              · {texts.stages.states[stage.state]}
              {seller && stage.payout && (
                <span data-payout={stage.payout.status}>
                  {" "}
                  · {money(stage.payout.amount)}{" "}
                  {stage.payout.status === "TRANSFERRED" ? texts.stages.transferred : texts.stages.payoutHeld}
                </span>
              )}
            </li>
          ))}
        </ol>
        {story.refund && story.refund.reason !== "returned" && (
          <p data-testid="staged-cancel" className="font-medium">
            {texts.stages.refunded} {money(story.refund.amount)} · {money(keptFor("approved_stages"))}{" "}
            {texts.stages.kept}
            {award > 0 && (
              <>
                {" "}
                · {money(award)} {texts.stages.awarded}
              </>
            )}
          </p>
        )}
      </div>
    );
  },
});

/**
 * A creator's title (the order's, a stage's) as the client reads it (issue 46): the stored translation, marked. The
 * original is one click away on the order itself (the order's title is a link to it; its stages are on its timeline),
 * and a mark here stays plain text, since a button inside the row's link would be invalid. A `pending` title is shown
 * as written (a history asks nothing).
 */
function ReadTitle({ text, reading }: { text: string; reading: TextReading }) {
  if (reading.kind !== "translated") return <>{text}</>;
  return (
    <>
      <span lang={getLocale()}>{reading.text}</span>{" "}
      <span data-translation-marker className="text-xs font-normal text-zinc-700 dark:text-zinc-300">
        ({m.translation_translated_from({ language: languageName(reading.from) })})
      </span>
    </>
  );
}
