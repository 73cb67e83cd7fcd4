// A user's data download (issue 64, decision 104), through its doors: the settings page's ask and Download (its
// action, as React Router calls it), the owner's download door (its loader), and the timed jobs. The JSON is read back
// as its owner downloads it.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as settingsPage from "#app/routes/dashboard/setting-account";
import * as downloadDoor from "#app/routes/dashboard/data-export-download";
import { chatOrder, sent } from "../support/chat-fixtures";
import { call } from "../support/helpers";
import { PNG, pathOf } from "../support/media-fixtures";
import { createDb } from "#worker/db/client";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { sendPendingNotificationEmails } from "#worker/services/notification-emails";
import { mailerFromEnv } from "#worker/mail/mailer";
import {
  expireExports,
  prepareExport,
  prepareWaitingExports,
  signExportDownload,
} from "#worker/account/services/data-export";

const SETTINGS = "/dashboard/setting/profile/account";
const db = () => createDb(env.DB);

/** The context React Router hands a page in the Worker, for this user (null: signed out). */
async function contextOf(userAccountId: string | null, path: string) {
  const executionCtx = createExecutionContext();
  const session = userAccountId ? await createSession(db(), userAccountId) : null;
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL(`http://localhost${path}`),
    executionCtx,
    db: db(),
    user: session ? await getSessionUser(db(), session.token) : null,
    sessionToken: session?.token,
    locale: "en",
  });
  return { context, executionCtx };
}

/** What an action answered: a Response (a redirect), or data with its status. */
type Answer = { status: number; location: string | null; body: unknown };
function answerOf(result: unknown): Answer {
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("location"), body: null };
  const init = (result as { init?: ResponseInit | null; data?: unknown }).init;
  return { status: init?.status ?? 200, location: null, body: (result as { data?: unknown }).data ?? result };
}

/** A post of the settings page's form, as the browser sends it; its background work is awaited. */
async function post(userAccountId: string | null, fields: Record<string, string>): Promise<Answer> {
  const { context, executionCtx } = await contextOf(userAccountId, SETTINGS);
  const request = new Request(`http://localhost${SETTINGS}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  let result: unknown;
  try {
    result = await settingsPage.action({ request, context, params: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  await waitOnExecutionContext(executionCtx);
  return answerOf(result);
}

/** A GET of the download door as this user (null: signed out). */
async function download(userAccountId: string | null, path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, "http://localhost");
  const exportId = url.pathname.split("/").pop()!;
  const { context } = await contextOf(userAccountId, path);
  return (await downloadDoor.loader({
    request: new Request(url, { headers }),
    params: { exportId },
    context,
  } as never)) as Response;
}

const exportsOf = (userAccountId: string) =>
  env.DB.prepare(
    "SELECT id, status, object_key, byte_size, expires_at FROM data_exports WHERE user_account_id = ? ORDER BY requested_at",
  )
    .bind(userAccountId)
    .all<{
      id: string;
      status: string;
      object_key: string | null;
      byte_size: number | null;
      expires_at: number | null;
    }>()
    .then((r) => r.results);

async function readyExportOf(userAccountId: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [latest] = (await exportsOf(userAccountId)).slice(-1);
    if (latest?.status === "READY" || Date.now() > deadline) return latest;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const emailOf = (userAccountId: string) =>
  env.DB.prepare("SELECT email FROM user_accounts WHERE id = ?").bind(userAccountId).first<string>("email");
const handleOf = (userAccountId: string) =>
  env.DB.prepare("SELECT original_handle FROM user_profiles WHERE account_id = ?")
    .bind(userAccountId)
    .first<string>("original_handle");

type Order = Awaited<ReturnType<typeof chatOrder>>;
let order: Order;
let downloadPath: string;
type ChatLine = { at: string; from: string; byYou: boolean; text: { text: string }[] };
type OrderEntry = Record<string, unknown> & { chat: ChatLine[] };
/** The download as the test reads it: every section an array or object of plain values. */
type ExportJson = Record<string, unknown> & {
  readme: Record<string, string>;
  account: { email: string; roles: string[] };
  profile: { handle: string };
  ordersAsClient: OrderEntry[];
  ordersAsCreator: OrderEntry[];
  files: { url: string }[];
};
let json: ExportJson;
let text: string;

/** A client with one of everything: an order with a chat, a payment and reviews both ways, a work, a card, a file. */
async function clientWithEverything(): Promise<Order> {
  const o = await chatOrder({ progress: "APPROVED", payment: "DRAFT", chat: "OPENED" });
  await sent(o.buyer.cookie, o.roomId, { text: "Could the cat be orange?" });
  await sent(o.seller.cookie, o.roomId, { text: "Orange it is." });
  const profileId = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(o.buyer.userAccountId)
    .first<string>("id");
  const workId = crypto.randomUUID();
  const avatarKey = `v1/user-profile/${profileId}/avatar/${crypto.randomUUID()}.png`;
  const now = Date.now();
  await env.MEDIA.put(avatarKey, PNG, { httpMetadata: { contentType: "image/png" } });
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE commission_orders SET order_progress_status = 'COMPLETED', order_payment_status = 'COMPLETED', paid_at = ?, completed_at = ? WHERE id = ?",
    ).bind(now, now, o.id),
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, idempotency_key, amount, currency_id, paid_at, refunded_amount)
       VALUES (?, ?, ?, 'COMPLETED', ?, 10000, (SELECT id FROM currencies WHERE code = 'JPY'), ?, 0)`,
    ).bind(crypto.randomUUID(), o.id, o.buyer.commissionAccountId, crypto.randomUUID(), now),
    env.DB.prepare(
      `INSERT INTO creator_payouts (id, order_id, transaction_id, seller_user_account_id, amount, currency_id, idempotency_key)
       SELECT ?, ?, id, ?, 9000, currency_id, ? FROM payment_transactions WHERE order_id = ?`,
    ).bind(crypto.randomUUID(), o.id, o.seller.userAccountId, crypto.randomUUID(), o.id),
    ...(
      [
        ["buyer", o.buyer.commissionAccountId, o.seller.commissionAccountId, 5, "Lovely cat, fast work."],
        ["seller", o.seller.commissionAccountId, o.buyer.commissionAccountId, 4, "Clear brief, kind client."],
      ] as const
    ).map(([side, author, subject, rating, body]) =>
      env.DB.prepare(
        `INSERT INTO order_reviews (id, order_id, author_side, author_id, subject_id, rating, body, visible_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(crypto.randomUUID(), o.id, side, author, subject, rating, body, now - 1000, now, now),
    ),
    env.DB.prepare("INSERT INTO portfolio_works (id, profile_id, work_status) VALUES (?, ?, 'PUBLISHED')").bind(
      workId,
      profileId,
    ),
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'portfolio_work', ?, 'title', 'en', 1, 'Orange cat study')",
    ).bind(crypto.randomUUID(), workId),
    env.DB.prepare(
      `INSERT INTO payment_account_methods (id, user_account_id, stripe_method_id, brand, last4, exp_month, exp_year)
       VALUES (?, ?, ?, 'visa', '4242', 12, 2031)`,
    ).bind(crypto.randomUUID(), o.buyer.userAccountId, `pm_secret_${crypto.randomUUID()}`),
    env.DB.prepare(
      `INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_name, file_type, file_size, file_url)
       VALUES (?, ?, 'FILE', 'IMAGE', 'me.png', 'image/png', ?, ?)`,
    ).bind(crypto.randomUUID(), o.buyer.userAccountId, PNG.length, `/media/${avatarKey}`),
    env.DB.prepare("UPDATE user_profiles SET avatar_url = ? WHERE id = ?").bind(`/media/${avatarKey}`, profileId),
  ]);
  return o;
}

beforeAll(async () => {
  order = await clientWithEverything();
  const asked = await post(order.buyer.userAccountId, { intent: "export" });
  expect(asked.status, "ask").toBe(200);
  // Prepared by the ask's waitUntil.
  const ready = await readyExportOf(order.buyer.userAccountId);
  expect(ready?.status).toBe("READY");
  const pressed = await post(order.buyer.userAccountId, { intent: "exportDownload", exportId: ready!.id });
  expect(pressed.status).toBe(302);
  downloadPath = pressed.location!;
  const file = await download(order.buyer.userAccountId, downloadPath);
  expect(file.status, `download ${downloadPath}`).toBe(200);
  expect(file.headers.get("content-disposition")).toContain("attachment");
  expect(file.headers.get("cache-control")).toBe("private, no-store");
  text = await file.text();
  expect(text.length).toBe(ready!.byte_size);
  json = JSON.parse(text);
});

describe("the download holds everything Comet holds about its owner", () => {
  it("has each section, read from its tables", async () => {
    const buyerHandle = await handleOf(order.buyer.userAccountId);
    const sellerHandle = await handleOf(order.seller.userAccountId);
    expect(json.format).toBe("comet-data-export/1");
    expect(Object.keys(json.readme)).toEqual(expect.arrayContaining(Object.keys(json).filter((k) => k !== "readme")));
    expect(json.account.email).toBe(await emailOf(order.buyer.userAccountId));
    expect(json.account.roles.length).toBeGreaterThan(0);
    expect(json.profile.handle).toBe(buyerHandle);
    expect(json.works).toEqual([
      expect.objectContaining({
        status: "PUBLISHED",
        title: [{ language: "en", text: "Orange cat study", original: true }],
      }),
    ]);

    const [asClient] = json.ordersAsClient;
    expect(asClient).toMatchObject({
      code: order.code,
      yourSide: "client",
      otherParty: { side: "creator", handle: sellerHandle },
      states: { progress: "COMPLETED", payment: "COMPLETED" },
      amount: { total: 10_000, currency: "JPY" },
      payments: [expect.objectContaining({ amount: 10_000, currency: "JPY", status: "COMPLETED", refunded: 0 })],
    });
    expect(asClient.chat.map((m) => [m.from, m.byYou, m.text[0].text])).toEqual([
      ["client", true, "Could the cat be orange?"],
      ["creator", false, "Orange it is."],
    ]);
    expect(asClient.chat[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(json.ordersAsCreator).toEqual([]);

    expect(json.reviewsWritten).toEqual([
      expect.objectContaining({ about: sellerHandle, rating: 5, body: "Lovely cat, fast work." }),
    ]);
    expect(json.reviewsReceived).toEqual([
      expect.objectContaining({ by: sellerHandle, rating: 4, body: "Clear brief, kind client." }),
    ]);
    expect(json.savedCards).toEqual([
      expect.objectContaining({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2031 }),
    ]);
    expect(json.notifications).toEqual(expect.any(Array));
    expect(json.bookmarks).toEqual([]);
    expect(json.documents).toEqual([]);

    expect(json.files).toEqual([expect.objectContaining({ name: "me.png", size: PNG.length, kind: "IMAGE" })]);
    // The file's link opens for its owner, signed in, for as long as the download lasts.
    const file = await call(pathOf(json.files[0].url), { cookie: order.buyer.cookie });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  it("holds nothing of the other party beyond what the order shows them", async () => {
    expect(text).not.toContain((await emailOf(order.seller.userAccountId))!);
    expect(text).not.toContain((await emailOf(order.stranger.userAccountId))!);
    expect(text).not.toContain((await handleOf(order.stranger.userAccountId))!);
    expect(text).not.toContain(order.seller.userAccountId);
    // The creator's payout is theirs; the card's Stripe reference stays with Comet.
    expect(json.ordersAsClient[0]).not.toHaveProperty("payouts");
    expect(text).not.toContain('"payouts"');
    expect(text).not.toContain("pm_secret_");
  });

  it("is announced by a notice linking to the settings, and its e-mail", async () => {
    const notice = await env.DB.prepare(
      "SELECT href, count(*) AS n FROM notifications WHERE recipient_user_account_id = ? AND notification_type = 'DATA_EXPORT_READY'",
    )
      .bind(order.buyer.userAccountId)
      .first<{ href: string; n: number }>();
    expect(notice).toEqual({ href: SETTINGS, n: 1 });
    // The notices' e-mail sweep (the writer's waitUntil, else the cron's) sends it, as every notice of the "other" group.
    await sendPendingNotificationEmails(db(), mailerFromEnv(env, db()), env);
    const mail = await env.DB.prepare("SELECT subject, text FROM dev_mails WHERE `to` = ? AND subject = ?")
      .bind(await emailOf(order.buyer.userAccountId), "Your data download is ready")
      .first<{ subject: string; text: string }>();
    expect(mail?.text).toContain(`${env.APP_ORIGIN}${SETTINGS}`);
  });

  it("is the creator's side too: the same order as they took it, with their payout", async () => {
    await post(order.seller.userAccountId, { intent: "export" });
    const ready = await readyExportOf(order.seller.userAccountId);
    const pressed = await post(order.seller.userAccountId, { intent: "exportDownload", exportId: ready!.id });
    const seller = await (await download(order.seller.userAccountId, pressed.location!)).json<ExportJson>();
    expect(seller.ordersAsClient).toEqual([]);
    expect(seller.ordersAsCreator[0]).toMatchObject({
      code: order.code,
      yourSide: "creator",
      payouts: [expect.objectContaining({ amount: 9000, currency: "JPY", status: "HELD" })],
    });
    expect(seller.ordersAsCreator[0].chat.map((m) => [m.from, m.byYou])).toEqual([
      ["client", false],
      ["creator", true],
    ]);
    expect(JSON.stringify(seller)).not.toContain((await emailOf(order.buyer.userAccountId))!);
    expect(JSON.stringify(seller)).not.toContain("4242");
  });
});

describe("the settings section", () => {
  const sectionOf = async (userAccountId: string) => {
    const { context } = await contextOf(userAccountId, SETTINGS);
    const data = await settingsPage.loader({
      request: new Request(`http://localhost${SETTINGS}`),
      context,
      params: {},
    } as never);
    return data.dataExport;
  };

  it("offers the ask, then shows preparing, then the download with its size and expiry", async () => {
    const o = await chatOrder();
    expect(await sectionOf(o.buyer.userAccountId)).toEqual({ state: "none", tooSoon: null });
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO data_exports (id, user_account_id, status, requested_at) VALUES (?, ?, 'PENDING', ?)",
    )
      .bind(id, o.buyer.userAccountId, Date.now())
      .run();
    expect(await sectionOf(o.buyer.userAccountId)).toEqual({ state: "preparing" });
    await prepareExport({ env, db: db() }, id, Date.now());
    const ready = await sectionOf(o.buyer.userAccountId);
    expect(ready).toMatchObject({ state: "ready", id });
    expect(ready.state === "ready" && ready.summary).toMatch(
      /^Your data is ready \(\d[\d.,]* (bytes|kB)\)\. You can download it until \w+ \d+, \d{4}\.$/,
    );
  });
});

describe("only its owner downloads it", () => {
  it("is a 404 for another user, a signed-out visitor, a changed token or another export's id", async () => {
    expect((await download(order.stranger.userAccountId, downloadPath)).status).toBe(404);
    expect((await download(null, downloadPath)).status).toBe(404);
    const url = new URL(downloadPath, "http://localhost");
    const token = url.searchParams.get("token")!;
    url.searchParams.set("token", `${token.slice(0, -2)}xx`);
    expect((await download(order.buyer.userAccountId, url.pathname + url.search)).status).toBe(404);
    const [mine] = await exportsOf(order.buyer.userAccountId);
    // Another user pressing Download with this export's id signs nothing.
    expect((await post(order.stranger.userAccountId, { intent: "exportDownload", exportId: mine.id })).status).toBe(
      404,
    );
    // Signed out, the page's action sends the visitor to sign in, and no link is made.
    const signedOut = await post(null, { intent: "exportDownload", exportId: mine.id });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).not.toContain("/export/");
  });

  it("resumes by Range", async () => {
    const part = await download(order.buyer.userAccountId, downloadPath, { range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(text.slice(0, 10));
  });

  it("refuses a malformed post with a worded 400", async () => {
    const bad = await post(order.buyer.userAccountId, { intent: "exportDownload", exportId: "../../etc" });
    expect(bad.status).toBe(400);
  });
});

describe("one at a time, one a day", () => {
  it("shows the ready one instead of a new one, and starts none while it lasts", async () => {
    const before = await exportsOf(order.buyer.userAccountId);
    expect((await post(order.buyer.userAccountId, { intent: "export" })).status).toBe(200);
    expect(await exportsOf(order.buyer.userAccountId)).toEqual(before);
  });

  it("starts one of two asks at once", async () => {
    const o = await chatOrder();
    await Promise.all([
      post(o.buyer.userAccountId, { intent: "export" }),
      post(o.buyer.userAccountId, { intent: "export" }),
    ]);
    expect(await exportsOf(o.buyer.userAccountId)).toHaveLength(1);
  });
});

describe("the timed jobs", () => {
  /** A PENDING export nobody holds, as a request whose waitUntil died leaves it. */
  async function waiting() {
    const o = await chatOrder();
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO data_exports (id, user_account_id, status, requested_at) VALUES (?, ?, 'PENDING', ?)",
    )
      .bind(id, o.buyer.userAccountId, Date.now())
      .run();
    return { id, userAccountId: o.buyer.userAccountId };
  }

  it("prepare a waiting export once, however many runs reach it at once", async () => {
    const { id, userAccountId } = await waiting();
    const now = Date.now();
    const outcomes = await Promise.all([
      prepareExport({ env, db: db() }, id, now),
      prepareExport({ env, db: db() }, id, now),
    ]);
    expect(outcomes.sort()).toEqual(["not_claimed", "ready"]);
    await prepareWaitingExports({ env, db: db() }, now);
    const [row] = await exportsOf(userAccountId);
    expect(row.status).toBe("READY");
    const notices = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE recipient_user_account_id = ? AND notification_type = 'DATA_EXPORT_READY'",
    )
      .bind(userAccountId)
      .first<number>("n");
    expect(notices).toBe(1);
  });

  it("delete an expired export from the bucket and mark it EXPIRED; its link is then a 404", async () => {
    const { id, userAccountId } = await waiting();
    const now = Date.now();
    expect(await prepareExport({ env, db: db() }, id, now)).toBe("ready");
    const [ready] = await exportsOf(userAccountId);
    expect(await env.MEDIA.head(ready.object_key!)).not.toBeNull();
    const link = (await signExportDownload(db(), env, userAccountId, id, now))!;
    expect((await download(userAccountId, link)).status).toBe(200);
    // Its end is moved rather than the sweep's clock, which would end every other test's export in this shared D1 too.
    const endsAt = (at: number) =>
      env.DB.prepare("UPDATE data_exports SET expires_at = ? WHERE id = ?").bind(at, id).run();
    // Not yet: a day before its end it stays.
    await endsAt(now + 86_400_000);
    await expireExports(env.MEDIA, db(), now);
    expect((await exportsOf(userAccountId))[0].status).toBe("READY");
    await endsAt(now);
    await expireExports(env.MEDIA, db(), now);
    const [expired] = await exportsOf(userAccountId);
    expect(expired.status).toBe("EXPIRED");
    expect(await env.MEDIA.head(ready.object_key!)).toBeNull();
    expect((await download(userAccountId, link)).status).toBe(404);
  });

  it("leave a failing preparation to a later run, then mark it FAILED so its owner may ask again", async () => {
    const { id, userAccountId } = await waiting();
    // A bucket that refuses every write: the preparation fails wherever it is.
    const broken = {
      ...env,
      MEDIA: { createMultipartUpload: () => Promise.reject(new Error("R2 is down")) },
    } as unknown as Env;
    const now = Date.now();
    expect(await prepareExport({ env: broken, db: db() }, id, now)).toBe("retry");
    expect((await exportsOf(userAccountId))[0].status).toBe("PENDING");
    // Held back until its retry time: a run right away does not take it.
    expect(await prepareExport({ env, db: db() }, id, now + 1000)).toBe("not_claimed");
    expect(await prepareExport({ env: broken, db: db() }, id, now + 3 * 60 * 60 * 1000)).toBe("failed");
    expect((await exportsOf(userAccountId))[0].status).toBe("FAILED");
  });
});
