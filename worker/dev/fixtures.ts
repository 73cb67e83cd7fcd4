/**
 * What the browser tests set up that no page of theirs makes yet (an order between two fresh users, a published
 * form, a work with grants, an order in a later state), done inside the Worker through its own D1 binding. Only app/routes/dev-fixtures.ts calls this, and that route exists
 * only in development and test builds (app/routes.ts), like the dev mailbox: a production build has neither.
 *
 * Each fixture is one D1 batch, so the server under test never sees half of it, and nothing outside the Worker
 * touches its storage (tests/e2e used to write Miniflare's SQLite files, which tied them to its file layout and raced
 * the server's own writes for the lock). A state only Stripe's money and days reach (paid, delivered, completed) is
 * written as the order's object would have projected it, before that object first wakes: it then loads it from D1.
 */
import { orderCodeFrom } from "../orders/domain/order-request";
import { STAGE_REVIEW_MS, stagesOfPlan } from "../orders/domain/order-stages";
import { createDb } from "../db/client";
import { isLocale } from "../domain/locales";
import { createFormFromTemplate, setFormStatus } from "../services/commission-forms";
import { purgeAllPublicPages } from "../services/public-pages";
import {
  commissionAccountOfEmail,
  DAY,
  type Env,
  type Fields,
  FixtureError,
  num,
  optionalNum,
  optionalStr,
  required,
  str,
} from "./fixture-input";
import { canceledStagedSale, orderMoney, previewStatement, stagePlanOf, stagePreview } from "./fixtures-stages";
import { saleDeliveredLastWeek } from "./fixtures-sales";
import { deliverableWithFacts } from "./fixtures-deliverables";
import { priceSheetForm } from "./fixtures-prices";
import { issuedDocuments, orderLicence } from "./fixtures-documents";

async function profileOfEmail(d1: D1Database, email: string) {
  const row = await d1
    .prepare(
      "SELECT p.id, p.original_handle AS handle FROM user_profiles p JOIN user_accounts u ON u.id = p.account_id WHERE u.email = ?",
    )
    .bind(email.toLowerCase())
    .first<{ id: string; handle: string }>();
  return required(row, `profile for ${email}`);
}

const textStatement = (
  d1: D1Database,
  entityType: string,
  entityId: string,
  field: string,
  text: string,
  language = "en",
  isOriginal = true,
) =>
  d1
    .prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(crypto.randomUUID(), entityType, entityId, field, language, isOriginal ? 1 : 0, text);

/**
 * A DRAFT order from `buyerEmail` to `sellerEmail` with one answered question: a service order (titled service
 * snapshot) by default, or a form order (titled form snapshot). Priced in `currencyCode` (yen unless said), its
 * object not yet woken: it loads the order from D1 on its first action, as after a request.
 */
async function order(env: Env, input: Fields) {
  const d1 = env.DB;
  const [seller, buyer] = await Promise.all([
    commissionAccountOfEmail(d1, str(input, "sellerEmail")),
    commissionAccountOfEmail(d1, str(input, "buyerEmail")),
  ]);
  const submitStatus = input.submitStatus === "FORM_SUBMITTED" ? "FORM_SUBMITTED" : "SERVICE_SUBMITTED";
  const currencyCode = input.currencyCode === "USD" ? "USD" : "JPY";
  const title = str(input, "title");
  const id = crypto.randomUUID();
  const code = orderCodeFrom(crypto.getRandomValues(new Uint8Array(8)));
  const now = Date.now();
  const ids = {
    service: crypto.randomUUID(),
    form: crypto.randomUUID(),
    question: crypto.randomUUID(),
    answer: crypto.randomUUID(),
  };
  const currency = "(SELECT id FROM currencies WHERE code = ?)";
  const statements = [
    d1
      .prepare(
        `INSERT INTO commission_orders (id, code, seller_id, buyer_id, order_submit_status, price_amount, price_currency_id, stages, submitted_at, approval_deadline, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ${currency}, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        code,
        seller.id,
        buyer.id,
        submitStatus,
        optionalNum(input, "priceAmount"),
        currencyCode,
        JSON.stringify(stagesOfPlan(stagePlanOf(input))),
        now,
        now + 7 * DAY,
        now,
        now,
      ),
    d1
      .prepare(`INSERT INTO commission_order_forms (id, order_id, price_currency_id) VALUES (?, ?, ${currency})`)
      .bind(ids.form, id, currencyCode),
    // Every order has its chat room, as a request writes it (worker/orders/services/order-requests.ts).
    d1
      .prepare(
        "INSERT INTO chat_rooms (id, order_id, room_status, created_at, updated_at) VALUES (?, ?, 'DRAFT', ?, ?)",
      )
      .bind(crypto.randomUUID(), id, now, now),
    ...(submitStatus === "SERVICE_SUBMITTED"
      ? [
          d1
            .prepare(
              `INSERT INTO commission_order_services (id, order_id, price_currency_id) VALUES (?, ?, ${currency})`,
            )
            .bind(ids.service, id, currencyCode),
          textStatement(d1, "commission_order_service", ids.service, "title", title),
        ]
      : [textStatement(d1, "commission_order_form", ids.form, "title", title)]),
    d1
      .prepare(
        "INSERT INTO commission_order_form_questions (id, order_form_id, question_type, is_required, user_index) VALUES (?, ?, 'LONG_TEXT', 1, 0)",
      )
      .bind(ids.question, ids.form),
    textStatement(d1, "commission_order_form_question", ids.question, "title", "Commission details"),
    d1
      .prepare("INSERT INTO commission_order_question_answers (id, order_form_question_id) VALUES (?, ?)")
      .bind(ids.answer, ids.question),
    textStatement(d1, "commission_order_question_answer", ids.answer, "text", "A knight with a blue cape"),
  ];
  await d1.batch(statements);
  return { id, code };
}

/** The projection's columns an order's object would have written on reaching each later state. */
const ORDER_STATE_COLUMNS = [
  "order_progress_status",
  "order_payment_status",
  "approved_at",
  "delivered_at",
  "completed_at",
  "delivery_deadline",
  "completion_deadline",
] as const;

/**
 * Moves an order whose object has not acted yet to a later state (paid, delivered, completed at given times), as its
 * object would have projected it: those states need Stripe's money and days to pass.
 */
async function orderState(env: Env, input: Fields) {
  const orderId = str(input, "orderId");
  const values = [
    str(input, "progress"),
    str(input, "payment"),
    ...ORDER_STATE_COLUMNS.slice(2).map((column) => optionalNum(input, column)),
  ];
  const d1 = env.DB;
  const statements = [
    d1
      .prepare(`UPDATE commission_orders SET ${ORDER_STATE_COLUMNS.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`)
      .bind(...values, orderId),
  ];
  if (values[0] !== "DRAFT")
    statements.push(d1.prepare("UPDATE chat_rooms SET room_status = 'OPENED' WHERE order_id = ?").bind(orderId));
  await d1.batch(statements);
  return {};
}

/**
 * Sets a DRAFT order's submitted time and the creator's estimated start and delivery (what the panel's left column
 * shows), as the request and the order's Settings tab would have written them.
 */
async function orderSchedule(env: Env, input: Fields) {
  await env.DB.prepare(
    "UPDATE commission_orders SET submitted_at = ?, estimated_start = ?, estimated_delivery = ? WHERE id = ?",
  )
    .bind(
      num(input, "submittedAt"),
      optionalNum(input, "estimatedStart"),
      optionalNum(input, "estimatedDelivery"),
      str(input, "orderId"),
    )
    .run();
  return {};
}

/** A published service of the creator at `sellerEmail`, open for commissions, with no form; a `description` if given. */
async function service(env: Env, input: Fields) {
  const d1 = env.DB;
  const seller = await commissionAccountOfEmail(d1, str(input, "sellerEmail"));
  const id = crypto.randomUUID();
  const now = Date.now();
  const description = optionalStr(input, "description");
  await d1.batch([
    d1.prepare("UPDATE user_profiles SET is_open_commission = 1 WHERE id = ?").bind(seller.profile_id),
    d1
      .prepare(
        `INSERT INTO commission_services (id, commission_account_id, price_amount, price_currency_id, service_status, stage_plan, created_at, updated_at)
         VALUES (?, ?, ?, (SELECT id FROM currencies WHERE code = 'JPY'), 'PUBLISHED', ?, ?, ?)`,
      )
      .bind(id, seller.id, num(input, "priceAmount"), JSON.stringify(stagePlanOf(input)), now, now),
    textStatement(d1, "commission_service", id, "title", str(input, "title")),
    ...(description ? [textStatement(d1, "commission_service", id, "description", description)] : []),
  ]);
  return { id };
}

/**
 * A published form in yen of the creator at `sellerEmail`, or of the one with `handle`: priced `priceAmount` (none
 * if absent), with a `description` if given, at `userIndex` among the creator's forms (0 if absent).
 */
async function form(env: Env, input: Fields) {
  const d1 = env.DB;
  const handle = optionalStr(input, "handle");
  const sellerId = handle
    ? required(
        await d1
          .prepare(
            "SELECT c.id FROM commission_accounts c JOIN user_profiles p ON p.account_id = c.user_account_id WHERE lower(p.original_handle) = ?",
          )
          .bind(handle.toLowerCase())
          .first<{ id: string }>(),
        `commission account for ${handle}`,
      ).id
    : (await commissionAccountOfEmail(d1, str(input, "sellerEmail"))).id;
  const id = crypto.randomUUID();
  const code = `r${id.replace(/-/g, "").slice(0, 9)}`;
  const now = Date.now();
  const description = optionalStr(input, "description");
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO commission_forms (id, code, commission_account_id, form_status, price_amount, price_currency_id, user_index, created_at, updated_at)
         VALUES (?, ?, ?, 'PUBLISHED', ?, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?)`,
      )
      .bind(id, code, sellerId, optionalNum(input, "priceAmount"), optionalNum(input, "userIndex") ?? 0, now, now),
    textStatement(d1, "commission_form", id, "title", str(input, "title")),
    ...(description ? [textStatement(d1, "commission_form", id, "description", description)] : []),
  ]);
  return { id, code };
}

/**
 * A published form of the creator at `sellerEmail` made as the form page's "Create from the template" makes it: the
 * default template's questions, worded in `locale` (the creator's language, any of LOCALES, else English; so that
 * text is the original), priced `priceAmount` if given, its creator open for commissions. For tests that answer a
 * form's questions (the translation walk, issue 46).
 */
async function templateForm(env: Env, input: Fields) {
  const account = await commissionAccountOfEmail(env.DB, str(input, "sellerEmail"));
  const asked = optionalStr(input, "locale");
  const locale = isLocale(asked) ? asked : "en";
  const creator = { accountId: account.user_account_id, commissionAccountId: account.id };
  const db = createDb(env.DB);
  const id = await createFormFromTemplate(db, creator, locale, { title: str(input, "title") });
  await env.DB.batch([
    env.DB.prepare("UPDATE commission_forms SET price_amount = ? WHERE id = ?").bind(
      optionalNum(input, "priceAmount"),
      id,
    ),
    env.DB.prepare("UPDATE user_profiles SET is_open_commission = 1 WHERE id = ?").bind(account.profile_id),
  ]);
  await setFormStatus(db, creator.accountId, id, "PUBLISHED");
  const row = await env.DB.prepare("SELECT code FROM commission_forms WHERE id = ?").bind(id).first<{ code: string }>();
  return { id, code: required(row, "the form just made").code };
}

/** Deletes a form `form` made, with its texts. */
async function formGone(env: Env, input: Fields) {
  const id = str(input, "formId");
  await env.DB.batch([
    env.DB.prepare("DELETE FROM localized_texts WHERE entity_type = 'commission_form' AND entity_id = ?").bind(id),
    env.DB.prepare("DELETE FROM commission_forms WHERE id = ?").bind(id),
  ]);
  return {};
}

/**
 * A user's display name in each of Comet's languages given (the first the original; others ignored) and avatar, as
 * profile settings leave them.
 */
async function profileFace(env: Env, input: Fields) {
  const d1 = env.DB;
  const profile = await profileOfEmail(d1, str(input, "email"));
  const names = Object.entries((input.names ?? {}) as Record<string, string>).filter(([language]) =>
    isLocale(language),
  );
  await d1.batch([
    d1
      .prepare("UPDATE user_profiles SET avatar_url = ? WHERE id = ?")
      .bind(optionalStr(input, "avatarUrl"), profile.id),
    ...names.map(([language, text], index) =>
      d1
        .prepare(
          `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'user_profile', ?, 'name', ?, ?, ?)
           ON CONFLICT (entity_type, entity_id, field, language_code) DO UPDATE SET text = excluded.text, is_original = excluded.is_original`,
        )
        .bind(crypto.randomUUID(), profile.id, language, index === 0 ? 1 : 0, text),
    ),
  ]);
  return {};
}

/** A PUBLISHED work of the user at `ownerEmail` with an English title and description, tagged "harbour". */
async function work(env: Env, input: Fields) {
  const d1 = env.DB;
  const owner = await profileOfEmail(d1, str(input, "ownerEmail"));
  const id = crypto.randomUUID();
  const now = Date.now();
  const visibility = str(input, "visibility");
  if (!["PUBLIC", "UNLISTED", "PRIVATE"].includes(visibility))
    throw new FixtureError("visibility: PUBLIC, UNLISTED or PRIVATE");
  await d1.batch([
    d1
      .prepare(
        "INSERT INTO portfolio_works (id, profile_id, work_status, created_at, updated_at) VALUES (?, ?, 'PUBLISHED', ?, ?)",
      )
      .bind(id, owner.id, now, now),
    textStatement(d1, "portfolio_work", id, "title", str(input, "title")),
    textStatement(d1, "portfolio_work", id, "description", str(input, "description")),
    d1.prepare("INSERT INTO portfolio_work_tags (work_id, tag) VALUES (?, 'harbour')").bind(id),
    d1
      .prepare(
        "INSERT INTO visibility_settings (id, item_type, item_id, visibility_status, created_at, updated_at) VALUES (?, 'portfolio_work', ?, ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), id, visibility, now, now),
  ]);
  return { id, handle: owner.handle };
}

/** Gives `permission` on a work to the user at `email`. */
async function workGrant(env: Env, input: Fields) {
  const permission = str(input, "permission");
  if (!["view", "edit", "admin", "credit"].includes(permission))
    throw new FixtureError("permission: view, edit, admin or credit");
  await env.DB.prepare(
    `INSERT INTO visibility_grants (id, visibility_setting_id, permission, user_account_id, created_at)
     VALUES (?, (SELECT id FROM visibility_settings WHERE item_type = 'portfolio_work' AND item_id = ?), ?, (SELECT id FROM user_accounts WHERE email = ?), ?)`,
  )
    .bind(crypto.randomUUID(), str(input, "workId"), permission, str(input, "email").toLowerCase(), Date.now())
    .run();
  return {};
}

/** Attaches a picture its owner uploaded (through the signed PUT) as the work's first media. */
async function workPicture(env: Env, input: Fields) {
  const d1 = env.DB;
  const storedUrl = str(input, "storedUrl");
  const mediaId = crypto.randomUUID();
  const now = Date.now();
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_url, file_type, file_size, created_at, updated_at)
         VALUES (?, (SELECT id FROM user_accounts WHERE email = ?), 'FILE', 'IMAGE', ?, 'image/png', ?, ?, ?)`,
      )
      .bind(mediaId, str(input, "ownerEmail").toLowerCase(), storedUrl, num(input, "size"), now, now),
    d1
      .prepare(
        "INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position) VALUES (?, ?, 'portfolio_work', ?, 'medias', 0)",
      )
      .bind(crypto.randomUUID(), mediaId, str(input, "workId")),
    d1.prepare("DELETE FROM pending_uploads WHERE key = ?").bind(storedUrl.replace(/^\/media\//, "")),
  ]);
  return {};
}

/** How many visits of a work the server counted. */
async function workVisits(env: Env, input: Fields) {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM page_visits WHERE model_name = 'portfolio_work' AND model_id = ?",
  )
    .bind(str(input, "workId"))
    .first<{ n: number }>();
  return { visits: row?.n ?? 0 };
}

/** The payment intents recorded for an order, and their status. */
async function orderIntents(env: Env, input: Fields) {
  const { results } = await env.DB.prepare(
    "SELECT stripe_payment_intent_id AS intent, transaction_status AS status FROM payment_transactions WHERE order_id = ?",
  )
    .bind(str(input, "orderId"))
    .all<{ intent: string; status: string }>();
  return { intents: results };
}

/** The code of the first (by code) DELIVERED order the user at `buyerEmail` placed. */
async function deliveredOrder(env: Env, input: Fields) {
  const row = await env.DB.prepare(
    `SELECT o.code FROM commission_orders o JOIN commission_accounts a ON a.id = o.buyer_id JOIN user_accounts u ON u.id = a.user_account_id
     WHERE u.email = ? AND o.order_progress_status = 'DELIVERED' ORDER BY o.code LIMIT 1`,
  )
    .bind(str(input, "buyerEmail").toLowerCase())
    .first<{ code: string }>();
  return { code: required(row, "delivered order").code };
}

/**
 * A paid order from `buyerEmail` to `sellerEmail` at `priceAmount` yen in three stages (Sketch 30 % with one revision,
 * Colours 40 % with one, Finish 30 % with none), the Sketch's first preview posted and waiting for the client's
 * review: the row as the Order object would have projected it, with the preview's row and file.
 */
async function stagedOrder(env: Env, input: Fields) {
  const { id, code } = await order(env, { ...input, submitStatus: "SERVICE_SUBMITTED" });
  const now = Date.now();
  const [sketch, colours, finish] = stagesOfPlan([
    { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
    { title: "Colours", sharePercent: 40, includedRevisions: 1 },
    { title: "Finish", sharePercent: 30, includedRevisions: 0 },
  ]);
  const stages = [
    { ...sketch!, status: "IN_REVIEW", previewedAt: now, reviewDeadline: now + STAGE_REVIEW_MS },
    colours!,
    finish!,
  ];
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE commission_orders SET order_progress_status = 'APPROVED', order_payment_status = 'COMPLETED', order_chat_status = 'OPENED',
         approved_at = ?, paid_at = ?, delivery_deadline = ?, stages = ? WHERE id = ?`,
    ).bind(now - DAY, now - DAY, now + 30 * DAY, JSON.stringify(stages), id),
    env.DB.prepare("UPDATE chat_rooms SET room_status = 'OPENED' WHERE order_id = ?").bind(id),
    await previewStatement(env, id, 0, 0, now),
  ]);
  return { id, code };
}

/**
 * The order `orderId` completed a day ago with both parties' reviews in and shown (decision 086's double-blind over):
 * the client's of the creator (`buyerText`) and the creator's of the client (`sellerText`), `rating` stars each.
 */
async function shownReviews(env: Env, input: Fields) {
  const d1 = env.DB;
  const orderId = str(input, "orderId");
  const parties = required(
    await d1
      .prepare("SELECT seller_id, buyer_id FROM commission_orders WHERE id = ?")
      .bind(orderId)
      .first<{ seller_id: string; buyer_id: string }>(),
    `order ${orderId}`,
  );
  const rating = optionalNum(input, "rating") ?? 4;
  const now = Date.now();
  const ids = { buyer: crypto.randomUUID(), seller: crypto.randomUUID() };
  const review = (side: "buyer" | "seller", authorId: string, subjectId: string, text: string) =>
    d1
      .prepare(
        `INSERT INTO order_reviews (id, order_id, author_side, author_id, subject_id, rating, body, visible_at, announced_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(ids[side], orderId, side, authorId, subjectId, rating, text, now, now, now, now);
  await d1.batch([
    d1
      .prepare(
        `UPDATE commission_orders SET order_progress_status = 'COMPLETED', order_payment_status = 'COMPLETED',
           completed_at = ? WHERE id = ?`,
      )
      .bind(now - DAY, orderId),
    review("buyer", parties.buyer_id, parties.seller_id, str(input, "buyerText")),
    review("seller", parties.seller_id, parties.buyer_id, str(input, "sellerText")),
  ]);
  return { buyerReviewId: ids.buyer, sellerReviewId: ids.seller };
}

export const DEV_FIXTURES = {
  canceledStagedSale,
  order,
  orderState,
  orderSchedule,
  service,
  form,
  templateForm,
  priceSheetForm,
  formGone,
  profileFace,
  work,
  workGrant,
  workPicture,
  workVisits,
  orderIntents,
  orderMoney,
  deliveredOrder,
  stagedOrder,
  stagePreview,
  shownReviews,
  saleDeliveredLastWeek,
  deliverableWithFacts,
  issuedDocuments,
  orderLicence,
} as const;
export type DevFixtureName = keyof typeof DEV_FIXTURES;

/** Runs the named fixture; a bad name or input is the caller's mistake (400), anything else the server's. */
export async function runDevFixture(env: Env, name: string, input: Fields): Promise<{ status: number; body: unknown }> {
  if (!Object.hasOwn(DEV_FIXTURES, name)) return { status: 404, body: { error: `no fixture ${name}` } };
  try {
    const body = await DEV_FIXTURES[name as DevFixtureName](env, input);
    // A fixture writes whatever a test needs, around the services and their purges: every stored page goes.
    await purgeAllPublicPages(createDb(env.DB));
    return { status: 200, body };
  } catch (error) {
    if (error instanceof FixtureError) return { status: 400, body: { error: error.message } };
    throw error;
  }
}
