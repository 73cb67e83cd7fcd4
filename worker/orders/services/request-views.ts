/**
 * What a client reads before sending a request (issue 10): a published service with its gallery, terms and form
 * questions (the service modal), a form's terms (the page /cf/{code}), and the viewer's side of it: whether they may
 * send (own service, a request already pending) and their saved cards. One D1 round trip per read.
 */
import { type ContentViewer, adultServiceSql, contentViewerOf, visibleServiceSql } from "../../domain/content-gate";
import type { Database } from "../../db/client";
import { notBannedSql } from "../../domain/roles";
import { MISSING_TEXT, pickText, type TextRow } from "../../domain/localized-text";
import type { DisplayPrice } from "../../domain/pricing";
import { cardsStatement, toCards, type PaymentAccountMethod } from "../../payments/cards";
import { type BatchPart, sendParts } from "../../db/batch-parts";
import {
  categoryNamesOf,
  mediasOf,
  questionsSql,
  toPublicQuestions,
  type BasePrice,
  type PublicFormQuestion,
  type Viewer,
} from "../../services/catalog";
import { parseJson, pickTextColumn, textsOf } from "../../services/json-columns";
import { clientStandingStatement, type StandingTarget, toClientStanding } from "./order-requests";
import { rushFactsSql, rushOfferedOf } from "./rush-offer";
import type { ShownMedia } from "../../media/services/media-rows";
import { signedForViewer, viewMedia } from "../../media/services/media-access";
import { PRICE_BOOK_SQL, displayPrice, priceContext, type PriceContext } from "../../services/price-book";
import type { StagePlanItem } from "../domain/order-stages";
import { storedStagePlan } from "../domain/stage-plan-rows";

export interface PublicService {
  id: string;
  title: string;
  description: string;
  price: DisplayPrice | null;
  /** The service's price unconverted, the base of a request's lines (issue 63). */
  basePrice: BasePrice;
  /** Whether a request now would take a free slot nobody waits for, so its rush choices are offered (issue 63). */
  rushOffered: boolean;
  /** The viewer's price book, so the request page shows its running total in their display currency (issue 63). */
  prices: PriceContext;
  /** The gallery, in the creator's order. */
  medias: ShownMedia[];
  /** Rated for adults (decision 110): its gallery is read by links signed for the viewer (`signedForViewer`). */
  gated: boolean;
  categories: string[];
  /** The creator's terms for this service ("" when none). */
  terms: string;
  creator: { name: string; handle: string; avatarUrl: string | null; isOpenCommission: boolean };
  questions: PublicFormQuestion[];
  /** The milestones a request for this service starts with (decision 073); empty for none. */
  stages: StagePlanItem[];
  /** The creator's typical delivery time in whole days (decision 109); null when they did not say. */
  deliveryDays: number | null;
}

// A service rated for adults only for its creator and a viewer who chose to see them (decision 110).
const serviceSql = (
  viewer: ContentViewer,
) => `SELECT s.id, s.price_amount, cu.code AS cur, s.form_id, s.stage_plan, s.delivery_days, ${textsOf("commission_service", "s.id")} AS texts,
    ${textsOf("commission_policy", "s.policy_id", "terms")} AS terms,
    ${mediasOf("commission_service", "s.id", "medias")} AS medias, ${adultServiceSql("s")} AS adult,
    json((SELECT json_group_array(json(${categoryNamesOf("sc.category_code")})) FROM commission_service_categories sc WHERE sc.service_id = s.id)) AS categories,
    p.original_handle AS handle, p.avatar_url, p.is_open_commission, ${textsOf("user_profile", "p.id", "name")} AS names
  FROM commission_services s
  JOIN currencies cu ON cu.id = s.price_currency_id
  JOIN commission_accounts ca ON ca.id = s.commission_account_id
  JOIN user_profiles p ON p.account_id = ca.user_account_id
  WHERE s.id = ? AND s.service_status = 'PUBLISHED' AND lower(p.original_handle) = lower(?) AND ${notBannedSql("p.account_id")}
    AND ${visibleServiceSql("s", viewer, "p.account_id")}`;

/**
 * A published service of the creator at `handle`, as the service modal shows it; null when there is none. Its rush
 * choices are offered by the slots at `now` (Comet's time), read in the same batch.
 */
export async function getPublicService(
  db: Database,
  handle: string,
  serviceId: string,
  viewer: Viewer,
  now: number = Date.now(),
): Promise<PublicService | null> {
  const d1 = db.$client;
  const [book, services, questions, rush] = await d1.batch<Record<string, unknown>>([
    d1.prepare(PRICE_BOOK_SQL),
    d1.prepare(serviceSql(contentViewerOf(viewer))).bind(serviceId, handle),
    d1.prepare(questionsSql("f.id = (SELECT form_id FROM commission_services WHERE id = ?)")).bind(serviceId),
    d1.prepare(rushFactsSql("service")).bind(serviceId, viewer.accountId, now),
  ]);
  const row = services.results[0];
  if (!row) return null;
  const prices = priceContext(book.results[0], viewer);
  const texts = parseJson<TextRow>(row.texts);
  const handleOf = String(row.handle);
  return {
    id: String(row.id),
    title: pickText(texts, viewer.locale, "title") ?? MISSING_TEXT,
    description: pickText(texts, viewer.locale, "description") ?? "",
    price: displayPrice(row.price_amount as number | null, row.cur as string, prices),
    basePrice: { amount: (row.price_amount as number | null) ?? null, currencyCode: String(row.cur) },
    rushOffered: rushOfferedOf(rush.results[0]),
    prices,
    medias: parseJson<ShownMedia>(row.medias),
    gated: Boolean(row.adult),
    categories: parseJson<TextRow[]>(row.categories).map((names) => pickText(names, viewer.locale) ?? MISSING_TEXT),
    terms: pickTextColumn(row.terms, viewer.locale) ?? "",
    creator: {
      name: pickTextColumn(row.names, viewer.locale) || handleOf,
      handle: handleOf,
      avatarUrl: (row.avatar_url as string | null) ?? null,
      isOpenCommission: Boolean(row.is_open_commission),
    },
    questions: row.form_id ? toPublicQuestions(questions.results, viewer.locale, prices) : [],
    stages: storedStagePlan(row.stage_plan),
    deliveryDays: (row.delivery_days as number | null) ?? null,
  };
}

/**
 * A service rated for adults (decision 110) with its gallery as links signed for its viewer: /media/ answers 404 for
 * its files whoever asks. Only a signed-in viewer is shown one, so a signed-out render signs nothing.
 */
export async function signGatedService(
  env: Env,
  service: PublicService,
  readerProfileId: string | null,
): Promise<PublicService> {
  if (!service.gated || !readerProfileId) return service;
  const view = await signedForViewer(
    env,
    readerProfileId,
    service.medias.flatMap((media) => [media.url, media.thumbnailUrl]),
  );
  return { ...service, medias: service.medias.map((media) => viewMedia(view, media)) };
}

/** The viewer's side of a request (spec section 4's primary button), with their cards for the submit step. */
export type RequestViewerState =
  | { kind: "signed-out" }
  | { kind: "own" }
  | { kind: "already-sent" }
  | { kind: "can-send"; cards: PaymentAccountMethod[] };

export async function requestViewerState(
  db: Database,
  userAccountId: string | null,
  target: { serviceId: string } | { formId: string },
): Promise<RequestViewerState> {
  const part = requestViewerStatePart(db.$client, userAccountId, target);
  return part.statements.length === 0 ? part.read([]) : (await sendParts(db.$client, [part]))[0];
}

/**
 * `requestViewerState` as a part of a page's batch (decision 113): the standing and the saved cards side by side, the
 * cards unread where the answer is "own" or "already sent" (one indexed read, cheaper than a round trip after).
 */
export function requestViewerStatePart(
  d1: D1Database,
  userAccountId: string | null,
  target: StandingTarget,
): BatchPart<RequestViewerState> {
  if (!userAccountId) return { statements: [], read: () => ({ kind: "signed-out" }) };
  return {
    statements: [clientStandingStatement(d1, userAccountId, target), cardsStatement(d1, userAccountId)],
    read: ([standingRows, cardRows]) => {
      const standing = toClientStanding(standingRows?.results[0]);
      if (standing?.isOwn) return { kind: "own" };
      if (standing?.hasPendingRequest) return { kind: "already-sent" };
      return { kind: "can-send", cards: toCards(cardRows?.results ?? []) };
    },
  };
}
