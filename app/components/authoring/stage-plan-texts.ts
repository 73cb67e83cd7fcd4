import { m } from "#app/paraglide/messages.js";
import { STAGES_MAX } from "#worker/orders/domain/order-stages";
import type { Locale } from "#worker/domain/locales";

/** The stage plan editor's fixed texts (decision 030's pattern: the editor pages' loaders make them). */
export interface StagePlanTexts {
  heading: string;
  hint: string;
  empty: string;
  addFirst: string;
  add: string;
  max: string;
  /** "Milestone 1" … "Milestone 5": one per row the plan may have. */
  legends: string[];
  title: string;
  share: string;
  revisions: string;
  remove: string;
  total: string;
  sharesSum: string;
}

/** In `locale`, or without one in the page's language (the order page words its tabs in the browser). */
export function stagePlanTextsFor(locale?: Locale): StagePlanTexts {
  const t = locale ? { locale } : undefined;
  return {
    heading: m.authoring_stages_heading({}, t),
    hint: m.authoring_stages_hint({}, t),
    empty: m.authoring_stages_empty({}, t),
    addFirst: m.authoring_stages_add_first({}, t),
    add: m.authoring_stages_add({}, t),
    max: m.authoring_stages_max({}, t),
    legends: Array.from({ length: STAGES_MAX }, (_, i) => m.authoring_stage_legend({ number: i + 1 }, t)),
    title: m.authoring_stage_title({}, t),
    share: m.authoring_stage_share({}, t),
    revisions: m.authoring_stage_revisions({}, t),
    remove: m.authoring_remove({}, t),
    total: m.authoring_stages_total({}, t),
    sharesSum: m.authoring_stage_shares_sum({}, t),
  };
}
