// The creator's side of slots and the waitlist (issue 50, decision 091), through the pages' loaders and actions as React
// Router calls them: the general settings' slot count and "Close my waitlist" (a bad count refused on its field in the
// poster's language, nothing saved, what was typed kept), a service's own count in its editor, the queue page (the
// summary, the line in order with each state, Remove for the creator's own places only, the open/closed toggle), and
// the note above Approve when every slot is taken, absent for the request sent within a reservation.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import enSettings from "#messages/commission-settings/en.json";
import enWaitlist from "#messages/waitlist/en.json";
import jaWaitlist from "#messages/waitlist/ja.json";
import * as formEditPage from "#app/routes/dashboard/commission-form-edit";
import * as generalPage from "#app/routes/dashboard/commission-forms-general";
import * as serviceEditPage from "#app/routes/dashboard/commission-forms-service-edit";
import * as managementsPage from "#app/routes/dashboard/commission-managements";
import * as waitlistPage from "#app/routes/dashboard/commission-waitlist";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import { orderStub } from "#worker/orders/order-stub";
import { creatorCapacity } from "#worker/services/waitlist";
import { getFormForEdit } from "#worker/services/commission-forms";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { newMember } from "../support/media-fixtures";
import { insertOrderIn, newParty } from "../support/order-states";
import { pageContext } from "../support/page-context";
import { addCard, deliveredOrder, slotsSetUp } from "../support/waitlist-fixtures";

const GENERAL = "/dashboard/commission/setting/form/general";
const WAITLIST = "/dashboard/commission/waitlist";
const MANAGEMENTS = "/dashboard/commission/managements";

type Answer = { status: number; data: Record<string, unknown> };
/** React Router's answer to an action: a redirect, data with its status, or plain data (200). */
function answered(result: unknown): Answer {
  if (result instanceof Response) return { status: result.status, data: {} };
  const value = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
  return value.type === "DataWithResponseInit"
    ? { status: value.init?.status ?? 200, data: value.data ?? {} }
    : { status: 200, data: result as Record<string, unknown> };
}

function formOf(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

type Page = { loader: (args: never) => unknown; action: (args: never) => unknown };

async function load<P extends Page>(page: P, userAccountId: string, path: string, locale: Locale = "en") {
  const context = await pageContext(userAccountId, locale, path);
  return withMessageLocale(locale, "http://localhost", () =>
    page.loader({ context, params: {}, request: new Request(`http://localhost${path}`) } as never),
  ) as Promise<Awaited<ReturnType<P["loader"]>>>;
}

async function post(
  page: Page,
  userAccountId: string,
  path: string,
  fields: Record<string, string>,
  { locale = "en" as Locale, params = {} as Record<string, string> } = {},
) {
  const context = await pageContext(userAccountId, locale, path);
  const request = new Request(`http://localhost${path}`, { method: "POST", body: formOf(fields) });
  return answered(
    await withMessageLocale(locale, "http://localhost", () =>
      Promise.resolve(page.action({ context, request, params } as never)),
    ),
  );
}

const settingsPost = (extra: Record<string, string>) => ({
  openForCommissions: "open",
  defaultCurrency: "JPY",
  defaultTerms: "",
  ...extra,
});

const placeOf = (entryId: string) =>
  env.DB.prepare("SELECT state FROM waitlist_entries WHERE id = ?").bind(entryId).first<{ state: string }>();

async function join(cookie: string, serviceId: string) {
  const joined = await call("/api/waitlist/join", {
    method: "POST",
    cookie,
    json: { kind: "service", id: serviceId },
  });
  expect(joined.status).toBe(200);
  return (await joined.json<{ data: { entryId: string } }>()).data.entryId;
}

describe("the general settings' slots and waitlist", () => {
  it("saves the count and the closed line, offers a raised count's slot to the line, and shows them back", async () => {
    const s = await slotsSetUp(1);
    await deliveredOrder(s.seller, s.serviceId);
    const entryId = await join(s.client.cookie, s.serviceId);

    const before = await load(generalPage, s.seller.accountId, GENERAL);
    expect(before.values).toMatchObject({ slots: "1", waitlistClosed: "" });

    const saved = await post(
      generalPage,
      s.seller.accountId,
      GENERAL,
      settingsPost({ slots: " 2 ", waitlistClosed: "on" }),
    );
    expect(saved).toEqual({ status: 200, data: { saved: true, errors: null, values: null } });
    expect(await creatorCapacity(env.DB, s.seller.commissionAccountId)).toEqual({
      slots: 2,
      held: 2,
      waitlistClosed: true,
    });
    // The slot the raised count opened went to the first in line, in the same save (closing keeps the line's places).
    expect(await placeOf(entryId)).toEqual({ state: "RESERVED" });
    expect((await load(generalPage, s.seller.accountId, GENERAL)).values).toMatchObject({
      slots: "2",
      waitlistClosed: "on",
    });

    // Blank is no limit; an unticked box (posted as nothing) opens the line again.
    await post(generalPage, s.seller.accountId, GENERAL, settingsPost({ slots: "" }));
    expect(await creatorCapacity(env.DB, s.seller.commissionAccountId)).toMatchObject({
      slots: null,
      waitlistClosed: false,
    });
  });

  it("refuses a bad count on its field in the poster's language, keeps what was typed and saves nothing", async () => {
    const s = await slotsSetUp(3);
    for (const [typed, locale] of [
      ["0", "ja"],
      ["51", "en"],
      ["two", "en"],
      ["-1", "ja"],
      ["1.5", "en"],
    ] as const) {
      const fields = settingsPost({
        openForCommissions: "closed",
        defaultTerms: "Changed",
        slots: typed,
        waitlistClosed: "on",
      });
      const refused = await post(generalPage, s.seller.accountId, GENERAL, fields, { locale });
      expect(refused.status, typed).toBe(400);
      expect(refused.data).toEqual({
        saved: false,
        errors: { slots: (locale === "ja" ? jaWaitlist : enWaitlist).slots_invalid },
        values: fields,
      });
    }
    // Beside another field's error, both are shown at once.
    const both = await post(
      generalPage,
      s.seller.accountId,
      GENERAL,
      settingsPost({ defaultCurrency: "EUR", slots: "x" }),
    );
    expect(both.data.errors).toEqual({
      defaultCurrency: enSettings.commission_settings_currency_invalid,
      slots: enWaitlist.slots_invalid,
    });
    expect(await creatorCapacity(env.DB, s.seller.commissionAccountId)).toEqual({
      slots: 3,
      held: 0,
      waitlistClosed: false,
    });
    expect((await load(generalPage, s.seller.accountId, GENERAL)).values).toMatchObject({
      openForCommissions: "open",
      defaultTerms: "",
    });
  });
});

describe("a service's own slot count in its editor", () => {
  it("is saved with the service, refused on its field when bad, and shown back", async () => {
    const s = await slotsSetUp(null);
    const path = `/dashboard/commission/setting/service/${s.serviceId}/edit`;
    const fields = (slots: string) => ({
      title: "Chibi mascot",
      price: "10000",
      currency: "JPY",
      intent: "save",
      slots,
    });
    const ownCount = async () =>
      (await env.DB.prepare("SELECT slot_count FROM commission_services WHERE id = ?")
        .bind(s.serviceId)
        .first<{ slot_count: number | null }>())!.slot_count;

    const refused = await post(serviceEditPage, s.seller.accountId, path, fields("99"), {
      locale: "ja",
      params: { serviceId: s.serviceId },
    });
    expect(refused.status).toBe(400);
    expect((refused.data.errors as Record<string, string>).slots).toBe(jaWaitlist.slots_invalid);
    expect((refused.data.values as Record<string, string>).slots).toBe("99");
    expect(await ownCount()).toBeNull();

    const saved = await post(serviceEditPage, s.seller.accountId, path, fields("2"), {
      params: { serviceId: s.serviceId },
    });
    expect(saved.status).toBe(302);
    expect(await ownCount()).toBe(2);
    const context = await pageContext(s.seller.accountId, "en", path);
    const editor = await serviceEditPage.loader({ context, params: { serviceId: s.serviceId } } as never);
    expect(editor.values.slots).toBe("2");
    expect(editor.texts.slots).toBe(enWaitlist.slots_service_label);

    // Blank: no count of its own.
    await post(serviceEditPage, s.seller.accountId, path, fields(""), { params: { serviceId: s.serviceId } });
    expect(await ownCount()).toBeNull();
  });
});

describe("a form's own slot count in its editor", () => {
  it("posts beside the builder's payload: refused on its field with the draft's errors, saved with the form", async () => {
    const c = await seedCreator({
      handle: `wf${crypto.randomUUID().slice(0, 8)}`,
      forms: [{ title: { en: "Slot form" }, price: 5000, questions: [] }],
    });
    const formId = c.forms[0].id;
    const path = `/dashboard/commission/setting/form/form/edit?formId=${formId}`;
    const stored = await getFormForEdit(db(), c.accountId, formId, "en");
    const fields = (slots: string, draft = stored!.draft) => ({
      payload: JSON.stringify(draft),
      intent: "save",
      slots,
    });
    const ownCount = async () =>
      (await env.DB.prepare("SELECT slot_count FROM commission_forms WHERE id = ?")
        .bind(formId)
        .first<{ slot_count: number | null }>())!.slot_count;

    const refused = await post(formEditPage, c.accountId, path, fields("0", { ...stored!.draft, title: "" }), {
      locale: "ja",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toMatchObject({ slots: jaWaitlist.slots_invalid });
    expect(Object.keys(refused.data.errors as object)).toContain("title");
    expect(await ownCount()).toBeNull();

    expect((await post(formEditPage, c.accountId, path, fields("3"))).data).toMatchObject({ saved: true });
    expect(await ownCount()).toBe(3);
    const editor = await load(formEditPage, c.accountId, path);
    expect(editor.slots).toBe("3");
    expect(editor.texts?.slots).toBe(enWaitlist.slots_form_label);
    // A post without the field (not the editor's) leaves it; blank clears it.
    const { slots: _, ...withoutSlots } = fields("");
    await post(formEditPage, c.accountId, path, withoutSlots);
    expect(await ownCount()).toBe(3);
    await post(formEditPage, c.accountId, path, fields(""));
    expect(await ownCount()).toBeNull();
  });
});

describe("the queue page", () => {
  it("works for a creator with no slots: no limit, the line open, nobody waiting", async () => {
    const s = await slotsSetUp(null);
    const page = await load(waitlistPage, s.seller.accountId, WAITLIST);
    expect(page.summary.text).toBe(enWaitlist.waitlist_queue_no_limit);
    expect(page.places).toEqual([]);
    expect(page.texts.empty).toBe(enWaitlist.waitlist_queue_empty);
    expect(page.texts.toggle).toBe(enWaitlist.waitlist_queue_close);
  });

  it("lists the line in order with each state; Remove only the creator's own places; the toggle", async () => {
    const s = await slotsSetUp(1);
    const held = await deliveredOrder(s.seller, s.serviceId);
    const second = await newMember("wlq");
    await addCard(second.accountId);
    const firstEntry = await join(s.client.cookie, s.serviceId);
    const secondEntry = await join(second.cookie, s.serviceId);

    const full = await load(waitlistPage, s.seller.accountId, WAITLIST);
    expect(full.summary.text).toBe("1 of 1 slots taken");
    expect(full.places.map((p) => [p.handle, p.title, p.status, p.remove !== null])).toEqual([
      [s.client.handle, "Chibi mascot", "Waiting · 1st", true],
      [second.handle, "Chibi mascot", "Waiting · 2nd", true],
    ]);
    expect(full.places[0].profileHref).toBe(`/${s.client.handle}`);
    const inJapanese = await load(waitlistPage, s.seller.accountId, WAITLIST, "ja");
    expect(inJapanese.summary.text).toBe("1枠中1枠が埋まっています");
    expect(inJapanese.places[1].status).toBe("待機中 · 2番目");

    // Another creator may not remove this creator's place: "not found", and it stays.
    const other = await slotsSetUp(1);
    const foreign = await post(waitlistPage, other.seller.accountId, WAITLIST, {
      intent: "remove",
      entryId: secondEntry,
    });
    expect(foreign).toEqual({ status: 404, data: { ok: false, message: enWaitlist.waitlist_error_entry } });
    expect(await placeOf(secondEntry)).toEqual({ state: "WAITING" });

    const removed = await post(waitlistPage, s.seller.accountId, WAITLIST, { intent: "remove", entryId: secondEntry });
    expect(removed).toEqual({ status: 200, data: { ok: true, message: enWaitlist.waitlist_queue_removed } });
    expect(await placeOf(secondEntry)).toEqual({ state: "REMOVED" });
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE recipient_user_account_id = ? AND notification_type = 'WAITLIST_REMOVED'",
    )
      .bind(second.accountId)
      .first<{ n: number }>();
    expect(told?.n).toBe(1);
    // Removed once: again is "not found".
    expect(
      (await post(waitlistPage, s.seller.accountId, WAITLIST, { intent: "remove", entryId: secondEntry })).status,
    ).toBe(404);

    // The order completes: the first in line holds the slot, then sends their request within it.
    expect(
      await orderStub(env.ORDER, held.id).act(
        { type: "complete" },
        { commissionAccountId: s.seller.commissionAccountId },
      ),
    ).toMatchObject({ status: "done" });
    const reserved = await load(waitlistPage, s.seller.accountId, WAITLIST);
    expect(reserved.places).toHaveLength(1);
    expect(reserved.places[0].status).toMatch(/^Slot reserved until /);
    expect(reserved.places[0].remove).not.toBeNull();
    const sent = await call("/api/features/commission/service/submit", {
      method: "POST",
      cookie: s.client.cookie,
      json: { serviceId: s.serviceId, isAgreedToTerms: true, isAcknowledged: true, formQuestionAnswers: [] },
    });
    expect(sent.status).toBe(200);
    const { data } = await sent.json<{ data: { code: string } }>();
    const requested = await load(waitlistPage, s.seller.accountId, WAITLIST);
    expect(requested.places.map((p) => [p.status, p.orderHref, p.remove])).toEqual([
      [`Request sent · ${data.code}`, `${MANAGEMENTS}?order=${data.code}`, null],
    ]);
    expect(await placeOf(firstEntry)).toEqual({ state: "REQUESTED" });
    // A request is answered on its order, not removed from the line.
    expect(
      (await post(waitlistPage, s.seller.accountId, WAITLIST, { intent: "remove", entryId: firstEntry })).status,
    ).toBe(404);

    // The toggle closes and reopens the line, leaving the count as it is.
    const closed = await post(waitlistPage, s.seller.accountId, WAITLIST, { intent: "setWaitlist", closed: "on" });
    expect(closed.data).toEqual({ ok: true, message: enWaitlist.waitlist_queue_closed_saved });
    expect(await creatorCapacity(env.DB, s.seller.commissionAccountId)).toMatchObject({
      slots: 1,
      waitlistClosed: true,
    });
    expect((await load(waitlistPage, s.seller.accountId, WAITLIST)).texts.toggle).toBe(
      enWaitlist.waitlist_queue_reopen,
    );
    await post(waitlistPage, s.seller.accountId, WAITLIST, { intent: "setWaitlist", closed: "" });
    expect(await creatorCapacity(env.DB, s.seller.commissionAccountId)).toMatchObject({ waitlistClosed: false });

    expect((await post(waitlistPage, s.seller.accountId, WAITLIST, { intent: "nonsense" })).status).toBe(400);
    // Nobody but the creator's own line shows: the other creator's page is empty.
    expect((await load(waitlistPage, other.seller.accountId, WAITLIST)).places).toEqual([]);
  });
});

describe("approving past the slots", () => {
  const approvePost = (page: Awaited<ReturnType<typeof managementsPage.loader>>) =>
    page.panel?.seller?.posts.find((p) => p.intent === "approve");

  it("notes every slot taken above Approve and in its question, but not for the request sent within a reservation", async () => {
    const s = await slotsSetUp(1);
    const held = await deliveredOrder(s.seller, s.serviceId);
    await join(s.client.cookie, s.serviceId);
    // Another client's pending request (no slot of its own) while the one slot is held.
    const buyer = await newParty();
    const seller = { cookie: "", commissionAccountId: s.seller.commissionAccountId, userAccountId: s.seller.accountId };
    const pending = await insertOrderIn("DRAFT", seller, buyer);
    await env.DB.prepare("UPDATE commission_orders SET service_id = ? WHERE id = ?")
      .bind(s.serviceId, pending.id)
      .run();

    const full = await load(managementsPage, s.seller.accountId, `${MANAGEMENTS}?order=${pending.code}`);
    const note = "All your slots are taken (1 of 1). Approving this order takes you past them.";
    expect(approvePost(full)?.caution).toEqual({ note, confirm: `${note} Approve it anyway?` });
    const inJapanese = await load(managementsPage, s.seller.accountId, `${MANAGEMENTS}?order=${pending.code}`, "ja");
    expect(approvePost(inJapanese)?.caution?.note).toBe(
      "枠はすべて埋まっています（1枠中1枠）。この依頼を承認すると枠を超えます。",
    );

    // The service's own count, when it is the full one, is named as the service's.
    await env.DB.prepare("UPDATE commission_accounts SET slot_count = 5 WHERE id = ?")
      .bind(s.seller.commissionAccountId)
      .run();
    await env.DB.prepare("UPDATE commission_services SET slot_count = 1 WHERE id = ?").bind(s.serviceId).run();
    const serviceFull = await load(managementsPage, s.seller.accountId, `${MANAGEMENTS}?order=${pending.code}`);
    expect(approvePost(serviceFull)?.caution?.note).toBe(
      "All the slots for this service are taken (1 of 1). Approving this order takes you past them.",
    );
    await env.DB.prepare("UPDATE commission_services SET slot_count = NULL WHERE id = ?").bind(s.serviceId).run();
    await env.DB.prepare("UPDATE commission_accounts SET slot_count = 1 WHERE id = ?")
      .bind(s.seller.commissionAccountId)
      .run();

    // The held order completes; the first in line's reservation becomes their request, which holds its own slot.
    await orderStub(env.ORDER, held.id).act(
      { type: "complete" },
      { commissionAccountId: s.seller.commissionAccountId },
    );
    const sent = await call("/api/features/commission/service/submit", {
      method: "POST",
      cookie: s.client.cookie,
      json: { serviceId: s.serviceId, isAgreedToTerms: true, isAcknowledged: true, formQuestionAnswers: [] },
    });
    expect(sent.status).toBe(200);
    const { data } = await sent.json<{ data: { code: string } }>();
    const reservedRequest = await load(managementsPage, s.seller.accountId, `${MANAGEMENTS}?order=${data.code}`);
    expect(approvePost(reservedRequest)).toBeDefined();
    expect(approvePost(reservedRequest)?.caution).toBeUndefined();
    // The other pending request still goes past the slot the reservation holds.
    expect(
      approvePost(await load(managementsPage, s.seller.accountId, `${MANAGEMENTS}?order=${pending.code}`))?.caution,
    ).toBeDefined();

    // Approval is never refused for slots: the creator's choice.
    const approved = await post(managementsPage, s.seller.accountId, MANAGEMENTS, {
      orderId: pending.id,
      intent: "approve",
    });
    expect(approved.status).toBe(200);
    const row = await env.DB.prepare("SELECT order_progress_status AS progress FROM commission_orders WHERE id = ?")
      .bind(pending.id)
      .first<{ progress: string }>();
    expect(row?.progress).toBe("APPROVED");
  });

  it("says nothing to a creator without slots", async () => {
    const s = await slotsSetUp(null);
    const seller = { cookie: "", commissionAccountId: s.seller.commissionAccountId, userAccountId: s.seller.accountId };
    const pending = await insertOrderIn("DRAFT", seller, await newParty());
    const page = await load(managementsPage, s.seller.accountId, `${MANAGEMENTS}?order=${pending.code}`);
    expect(approvePost(page)).toBeDefined();
    expect(approvePost(page)?.caution).toBeUndefined();
  });
});
