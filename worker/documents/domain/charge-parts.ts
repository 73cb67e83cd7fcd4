/**
 * Which part of an order a charge paid (decisions 100 and 101), read from the order's projection: its stages (each
 * with its own charge when paid stage by stage), its deposit terms and its rest's payment. A receipt names the part:
 * the whole order, the deposit, the rest, or one stage. Pure; the columns are read as stored (JSON text or null).
 */

export type ChargePart =
  | { kind: "whole" }
  | { kind: "deposit" }
  | { kind: "rest" }
  /** Index from 0 and the stage's title as the creator wrote it. */
  | { kind: "stage"; index: number; title: string };

export interface ChargePartColumns {
  /** The charge's PaymentIntent. */
  intentId: string | null;
  /** commission_orders.stages: JSON of OrderStage[], each with `payment` when paid stage by stage. */
  stages: string | null;
  /** commission_orders.deposit: JSON of the deposit terms, null when paid at once. */
  deposit: string | null;
  /** commission_orders.paid_rest: JSON of the rest's PaymentRef, once paid. */
  paidRest: string | null;
}

function parsed(json: string | null): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

const intentOf = (payment: unknown) =>
  payment && typeof payment === "object" ? (payment as { intentId?: unknown }).intentId : undefined;

export function chargePartOf(columns: ChargePartColumns): ChargePart {
  const stages = parsed(columns.stages);
  if (columns.intentId && Array.isArray(stages)) {
    const index = stages.findIndex((stage) => intentOf((stage as { payment?: unknown })?.payment) === columns.intentId);
    if (index >= 0) {
      const title = (stages[index] as { title?: unknown }).title;
      return { kind: "stage", index, title: typeof title === "string" ? title : "" };
    }
  }
  if (!parsed(columns.deposit)) return { kind: "whole" };
  return columns.intentId && intentOf(parsed(columns.paidRest)) === columns.intentId
    ? { kind: "rest" }
    : { kind: "deposit" };
}
