// The waitlist's public pages (issue 50, decision 091): what the profile's and the form page's loaders hand the page of a
// creator whose one slot is held. Everyone reads the status (overall, each card, the modal, the form); a signed-in
// client is offered Join, then reads their number in line and Leave, then, once the slot frees, the reservation with
// its end in their language; a signed-out visitor reads the status and Sign in, never anyone's place.
import { createExecutionContext, env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import enWaitlist from "#messages/waitlist/en.json";
import jaWaitlist from "#messages/waitlist/ja.json";
import { requestContext } from "#app/lib/request-context";
import * as formPage from "#app/routes/commission-form";
import * as profilePage from "#app/routes/profile";
import type { Locale } from "#worker/domain/locales";
import { formatDateTime } from "#worker/domain/dates";
import { withMessageLocale } from "#worker/messages/message-locale";
import { orderStub } from "#worker/orders/order-stub";
import { saveCreatorCapacity } from "#worker/services/waitlist";
import { currencyId } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { pageContext } from "../support/page-context";
import { deliveredOrder, slotsSetUp } from "../support/waitlist-fixtures";

type SetUp = Awaited<ReturnType<typeof slotsSetUp>>;

/** A published form of the creator (slotsSetUp gives a service only). */
async function addForm(seller: SetUp["seller"]) {
  const id = crypto.randomUUID();
  const code = `wl${id.slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO commission_forms (id, code, commission_account_id, form_status, price_amount, price_currency_id, category_code, user_index) VALUES (?, ?, ?, 'PUBLISHED', 5000, ?, 'character-illustration', 0)",
    ).bind(id, code, seller.commissionAccountId, await currencyId("JPY")),
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_form', ?, 'title', 'en', 1, 'Waitlist form')",
    ).bind(crypto.randomUUID(), id),
  ]);
  return { id, code };
}

/** A context as the Worker gives a loader: signed in as `userAccountId`, or signed out (null). */
async function contextOf(userAccountId: string | null, locale: Locale, path: string) {
  if (userAccountId) return pageContext(userAccountId, locale, path);
  const context = new RouterContextProvider();
  const url = new URL(`http://localhost${path}`);
  const executionCtx = createExecutionContext();
  context.set(requestContext, { env, url, executionCtx, db: db(), user: null, sessionToken: undefined, locale });
  return context;
}

async function profile(s: SetUp, who: string | null, locale: Locale = "en") {
  const path = `/${s.seller.handle}?service=${s.serviceId}`;
  const context = await contextOf(who, locale, path);
  return withMessageLocale(locale, "http://localhost", () =>
    profilePage.loader({
      context,
      params: { handle: s.seller.handle },
      request: new Request(`http://localhost${path}`),
    } as never),
  );
}

async function formPageOf(code: string, who: string | null, locale: Locale = "en") {
  const path = `/cf/${code}`;
  const context = await contextOf(who, locale, path);
  return withMessageLocale(locale, "http://localhost", () =>
    formPage.loader({ context, params: { code }, request: new Request(`http://localhost${path}`) } as never),
  );
}

const join = (s: SetUp, target: { kind: "service" | "form"; id: string }) =>
  call("/api/waitlist/join", { method: "POST", cookie: s.client.cookie, json: target });

describe("the waitlist on the public pages", () => {
  it("one slot held: the status for all, Join for the client, then their number and Leave; signed out, no place", async () => {
    const s = await slotsSetUp(1);
    const form = await addForm(s.seller);
    await deliveredOrder(s.seller, s.serviceId);

    // Signed out: the status everywhere, Sign in in the modal, no place.
    const out = await profile(s, null);
    expect(out.slots).toEqual({ kind: "waitlist", text: enWaitlist.slots_status_waitlist_empty });
    expect(out.profile.services.find((x) => x.id === s.serviceId)?.slots).toEqual(out.slots);
    expect(out.profile.forms.find((x) => x.id === form.id)?.slots).toEqual(out.slots);
    expect(out.serviceRequest?.waitlist).toEqual({
      target: { kind: "service", id: s.serviceId },
      status: { kind: "waitlist", text: enWaitlist.slots_status_waitlist_empty },
      gate: { kind: "sign-in", note: enWaitlist.waitlist_explainer },
      blocks: true,
    });

    // The client, signed in: Join, on the service modal and the form page alike.
    const before = await profile(s, s.client.accountId);
    expect(before.serviceRequest?.request.kind).toBe("can-send");
    expect(before.serviceRequest?.waitlist.gate).toEqual({ kind: "join", note: enWaitlist.waitlist_explainer });
    const formBefore = await formPageOf(form.code, s.client.accountId);
    expect(formBefore.waitlist).toEqual({
      target: { kind: "form", id: form.id },
      status: { kind: "waitlist", text: enWaitlist.slots_status_waitlist_empty },
      gate: { kind: "join", note: enWaitlist.waitlist_explainer },
      blocks: true,
    });

    const joined = await join(s, { kind: "service", id: s.serviceId });
    expect(joined.status).toBe(200);
    const { data } = await joined.json<{ data: { entryId: string } }>();

    // In line: their number and Leave (the page's own gate blocks the request), in the reader's language.
    const after = await profile(s, s.client.accountId);
    expect(after.serviceRequest?.waitlist).toEqual({
      target: { kind: "service", id: s.serviceId },
      status: { kind: "waitlist", text: "Waitlist (1 waiting)" },
      gate: {
        kind: "waiting",
        note: enWaitlist.waitlist_joined.replace("{position}", "1"),
        entryId: data.entryId,
        blocks: true,
      },
      blocks: true,
    });
    const afterJa = await profile(s, s.client.accountId, "ja");
    expect(afterJa.serviceRequest?.waitlist.status?.text).toBe("順番待ち（1人）");
    expect(afterJa.serviceRequest?.waitlist.gate?.note).toBe(jaWaitlist.waitlist_joined.replace("{position}", "1"));

    // Signed out after the join: the count moved, but nobody's place is in the page.
    const outAfter = await profile(s, null);
    expect(outAfter.serviceRequest?.waitlist.gate).toEqual({ kind: "sign-in", note: enWaitlist.waitlist_explainer });
    expect(JSON.stringify(outAfter)).not.toContain(data.entryId);
    const formOut = await formPageOf(form.code, null);
    expect(formOut.waitlist.gate).toEqual({ kind: "sign-in", note: enWaitlist.waitlist_explainer });

    // The form is a line of its own (its count of waiting is its own): the client waiting for the service is still
    // offered Join there.
    const formAfter = await formPageOf(form.code, s.client.accountId);
    expect(formAfter.waitlist.status).toEqual({ kind: "waitlist", text: enWaitlist.slots_status_waitlist_empty });
    expect(formAfter.waitlist.gate?.kind).toBe("join");

    // The creator reads the status, not Join: their own disabled button says why.
    const own = await profile(s, s.seller.accountId);
    expect(own.serviceRequest?.request.kind).toBe("own");
    expect(own.serviceRequest?.waitlist.gate).toBeNull();
  });

  it("the slot frees: the client's reservation, its end in their language, above the request", async () => {
    const s = await slotsSetUp(1);
    const held = await deliveredOrder(s.seller, s.serviceId);
    expect((await join(s, { kind: "service", id: s.serviceId })).status).toBe(200);
    const completed = await orderStub(env.ORDER, held.id).act(
      { type: "complete" },
      { commissionAccountId: s.seller.commissionAccountId },
    );
    expect(completed).toMatchObject({ status: "done" });
    const { reserved_until: until } = (await env.DB.prepare(
      "SELECT reserved_until FROM waitlist_entries WHERE client_id = ? AND state = 'RESERVED'",
    )
      .bind(s.clientId)
      .first<{ reserved_until: number }>())!;

    for (const [locale, words] of [
      ["en", enWaitlist],
      ["ja", jaWaitlist],
    ] as const) {
      const page = await profile(s, s.client.accountId, locale);
      expect(page.serviceRequest?.waitlist.gate).toEqual({
        kind: "reserved",
        note: words.waitlist_reserved.replace("{until}", formatDateTime(until, locale)),
      });
      // Above the request, not instead of it.
      expect(page.serviceRequest?.waitlist.blocks).toBe(false);
      expect(page.serviceRequest?.request.kind).toBe("can-send");
    }
    // Signed out, the one slot is held by the reservation: the line, no place.
    expect((await profile(s, null)).serviceRequest?.waitlist.gate?.kind).toBe("sign-in");
  });

  it("the line closed: All slots taken and the closed explainer, no button, signed in or out", async () => {
    const s = await slotsSetUp(1);
    await deliveredOrder(s.seller, s.serviceId);
    await saveCreatorCapacity(db(), {
      sellerAccountId: s.seller.commissionAccountId,
      slots: 1,
      waitlistClosed: true,
      now: Date.now(),
    });
    for (const who of [s.client.accountId, null]) {
      const page = await profile(s, who);
      expect(page.slots).toEqual({ kind: "full", text: enWaitlist.slots_status_full });
      expect(page.serviceRequest?.waitlist.gate).toEqual({
        kind: "closed",
        note: enWaitlist.waitlist_closed_explainer,
      });
    }
  });

  it("a creator without slots: no status, no gate", async () => {
    const s = await slotsSetUp(null);
    const page = await profile(s, s.client.accountId);
    expect(page.slots).toBeNull();
    expect(page.profile.services[0].slots).toBeNull();
    expect(page.serviceRequest?.waitlist).toEqual({
      target: { kind: "service", id: s.serviceId },
      status: null,
      gate: null,
      blocks: false,
    });
  });
});
