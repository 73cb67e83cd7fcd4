import { PAGE_VISIT_MODELS } from "../db/schema/enums";

/** Spec section 9: a visit counts again after 24 hours; the browser prunes its local records after 30 days. */
export const PAGE_VISIT_INTERVAL_MS = 86_400_000;
export const PAGE_VISIT_LOCAL_TTL_MS = 2_592_000_000;
/** The visitor identifier cookie for signed-out visitors (spec section 9). */
export const VISITOR_COOKIE = "a.sid";

export type PageVisitModel = (typeof PAGE_VISIT_MODELS)[number];

/** The model a path counts (/commission/form, /portfolio/work). */
export const PAGE_VISIT_PATHS: Record<string, PageVisitModel> = {
  "commission/form": "commission_form",
  "portfolio/work": "portfolio_work",
};

/** "commission_form", "commissionForm", "CommissionForm" all name the same model; anything else is unsupported. */
export function parsePageVisitModel(name: unknown): PageVisitModel | null {
  if (typeof name !== "string") return null;
  const normalized = name.replace(/[^a-z]/gi, "").toLowerCase();
  return PAGE_VISIT_MODELS.find((m) => m.replace(/_/g, "") === normalized) ?? null;
}

export function unsupportedModelMessage(name: unknown): string {
  return `Unsupported model name: ${typeof name === "string" ? name : String(name)}`;
}
