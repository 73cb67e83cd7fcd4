import { PAGE_VISIT_MODELS } from "../db/schema/enums";

/** Spec section 9: a visit counts again after 24 hours; the browser prunes its local records after 30 days. */
export const PAGE_VISIT_INTERVAL_MS = 86_400_000;
export const PAGE_VISIT_LOCAL_TTL_MS = 2_592_000_000;
/** The visitor identifier cookie for signed-out visitors (spec section 9). */
export const VISITOR_COOKIE = "a.sid";
/**
 * Distinct visitors (accounts, a.sid values, cookie-less requests) one client (IP, IPv6 by /64) may add to one
 * item's count in 24 hours: a household or an office behind one address still counts a few people, and nobody can
 * inflate a count by rotating made-up cookies or accounts (docs/decisions/012).
 */
export const VISITORS_PER_CLIENT_PER_ITEM = 3;

export type PageVisitModel = (typeof PAGE_VISIT_MODELS)[number];

/**
 * Who is visiting: a signed-in account, a signed-out visitor by the a.sid cookie they sent, or a request that came
 * without a valid cookie ("new": the a.sid minted for its answer is not trusted to tell visitors apart).
 */
export type Visitor =
  | { kind: "account"; accountId: string }
  | { kind: "cookie"; visitorId: string }
  | { kind: "new"; visitorId: string };

/** The page-visit paths' model (/commission/form, /portfolio/work). */
export const PAGE_VISIT_PATHS: Record<string, PageVisitModel> = {
  "commission/form": "commission_form",
  "portfolio/work": "portfolio_work",
};

const VISITOR_ID = /^[A-Za-z0-9-]{16,64}$/;

/** The visitor of a request: the account when signed in, else a well-formed a.sid, else a new one from `mintId`. */
export function readVisitor(
  accountId: string | null | undefined,
  cookie: string | undefined,
  mintId: () => string,
): Visitor {
  if (accountId) return { kind: "account", accountId };
  if (cookie && VISITOR_ID.test(cookie)) return { kind: "cookie", visitorId: cookie };
  return { kind: "new", visitorId: mintId() };
}

/** The page_visits.visitor_key of a visitor: the account id, or `visitor:{a.sid}`. */
export function visitorKeyOf(visitor: Visitor): string {
  return visitor.kind === "account" ? visitor.accountId : `visitor:${visitor.visitorId}`;
}

/** rate_limits keys: visitors this client added to the item today, and its one cookie-less visit of the day. */
export function visitBudgetKey(model: PageVisitModel, modelId: string, clientKey: string): string {
  return `visit:${model}:${modelId}:${clientKey}`;
}
export function cookielessVisitKey(model: PageVisitModel, modelId: string, clientKey: string): string {
  return `visit-new:${model}:${modelId}:${clientKey}`;
}

/** "commission_form", "commissionForm", "CommissionForm" all name the same model; anything else is unsupported. */
export function parsePageVisitModel(name: unknown): PageVisitModel | null {
  if (typeof name !== "string") return null;
  const normalized = name.replace(/[^a-z]/gi, "").toLowerCase();
  return PAGE_VISIT_MODELS.find((m) => m.replace(/_/g, "") === normalized) ?? null;
}

export function unsupportedModelMessage(name: unknown): string {
  return `Unsupported model name: ${typeof name === "string" ? name : String(name)}`;
}
