// The order page's delivery-date block (issue 50, decision 090): what its loader hands each party (the creator's form,
// the waiting note, the client's answer with the reason, the Give more time form, the moved date beside the original)
// and its posts (intents requestExtension, acceptExtension, declineExtension, giveExtension), refused with each field's
// words in the poster's language, through the Order object.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import enExtensions from "#messages/extensions/en.json";
import jaExtensions from "#messages/extensions/ja.json";
import * as clientRequestsPage from "#app/routes/dashboard/client-requests";
import * as managementsPage from "#app/routes/dashboard/commission-managements";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import { pageContext } from "../support/page-context";
import { insertOrderIn, newParty, type Party } from "../support/order-states";

const REQUESTS = "/dashboard/commission/client/requests";
const MANAGEMENTS = "/dashboard/commission/managements";
const DAY = 86_400_000;

async function paidOrder() {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
    .bind(seller.userAccountId)
    .run();
  const order = await insertOrderIn("PAID", seller, buyer);
  const row = await env.DB.prepare("SELECT delivery_deadline FROM commission_orders WHERE id = ?")
    .bind(order.id)
    .first<{ delivery_deadline: number }>();
  return { ...order, seller, buyer, stranger, deadline: row!.delivery_deadline };
}

type Page = typeof clientRequestsPage | typeof managementsPage;
const pageOf = (side: "buyer" | "seller"): [Page, string] =>
  side === "buyer" ? [clientRequestsPage, REQUESTS] : [managementsPage, MANAGEMENTS];

async function load(who: Party, side: "buyer" | "seller", code: string, locale: Locale = "en") {
  const [page, path] = pageOf(side);
  const context = await pageContext(who.userAccountId, locale, `${path}?order=${code}`);
  return withMessageLocale(locale, "http://localhost", () =>
    page.loader({ context, params: {}, request: new Request(`http://localhost${path}?order=${code}`) } as never),
  );
}

async function post(who: Party, side: "buyer" | "seller", fields: Record<string, string>, locale: Locale = "en") {
  const [page, path] = pageOf(side);
  const context = await pageContext(who.userAccountId, locale, path);
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const result = await withMessageLocale(locale, "http://localhost", () =>
    page.action({ context, request: new Request(`http://localhost${path}`, { method: "POST", body }) } as never),
  );
  return (
    result && typeof result === "object" && "init" in result ? result : { data: result, init: { status: 200 } }
  ) as { data: { ok: boolean; errors?: Record<string, string>; message?: string }; init: { status: number } };
}

/** yyyy-mm-dd of the day `days` after `at` (UTC). */
const dayAfter = (at: number, days: number) => new Date(at + days * DAY).toISOString().slice(0, 10);
const endOf = (day: string) => Date.parse(`${day}T23:59:00Z`);

describe("the order page's delivery-date block", () => {
  it("the creator asks (refused fields first), the client reads the reason and accepts; both see the original", async () => {
    const order = await paidOrder();
    const before = await load(order.seller, "seller", order.code);
    expect(before.extension?.ask?.date.min).toBe(dayAfter(order.deadline, 0));
    expect(before.extension?.waiting).toBeNull();
    const clientBefore = await load(order.buyer, "buyer", order.code);
    expect(clientBefore.extension?.pending).toBeNull();
    expect(clientBefore.extension?.give).not.toBeNull();

    // A blank reason and a date too far: each field refused with its words, in the poster's language.
    const refused = await post(
      order.seller,
      "seller",
      { orderId: order.id, intent: "requestExtension", deliveryDeadline: "not a date", reason: "   " },
      "ja",
    );
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({
      deliveryDeadline: jaExtensions.extensions_error_date_invalid,
      reason: jaExtensions.extensions_error_reason_invalid.replace("{max}", "1000"),
    });
    const tooFar = await post(order.seller, "seller", {
      orderId: order.id,
      intent: "requestExtension",
      deliveryDeadline: dayAfter(order.deadline, 70),
      reason: "The colors need two more days.",
    });
    expect(tooFar.init.status).toBe(400);
    expect(tooFar.data.errors).toEqual({ deliveryDeadline: enExtensions.extensions_error_date_invalid });
    // The client may not ask.
    const byClient = await post(order.buyer, "buyer", {
      orderId: order.id,
      intent: "requestExtension",
      deliveryDeadline: dayAfter(order.deadline, 2),
      reason: "x",
    });
    expect(byClient.init.status).toBe(409);

    const newDay = dayAfter(order.deadline, 2);
    const asked = await post(order.seller, "seller", {
      orderId: order.id,
      intent: "requestExtension",
      deliveryDeadline: newDay,
      reason: "The colors need two more days.",
    });
    expect(asked.data.ok).toBe(true);
    const waiting = await load(order.seller, "seller", order.code);
    expect(waiting.extension?.ask).toBeNull();
    expect(waiting.extension?.waiting).toContain("Waiting for the client's answer until");
    const again = await post(order.seller, "seller", {
      orderId: order.id,
      intent: "requestExtension",
      deliveryDeadline: newDay,
      reason: "Once more.",
    });
    expect(again.init.status).toBe(409);
    expect(again.data.message).toBe(enExtensions.extensions_error_pending);

    const answering = await load(order.buyer, "buyer", order.code);
    expect(answering.extension?.pending?.reason?.body).toBe("The colors need two more days.");
    expect(answering.extension?.pending?.facts[0]?.value).toContain("23:59 UTC");
    // A stranger learns nothing of the order.
    const stranger = await post(order.stranger, "buyer", { orderId: order.id, intent: "acceptExtension" });
    expect(stranger.init.status).toBe(404);
    // The creator may not answer their own request.
    expect((await post(order.seller, "seller", { orderId: order.id, intent: "acceptExtension" })).init.status).toBe(
      409,
    );

    expect((await post(order.buyer, "buyer", { orderId: order.id, intent: "acceptExtension" })).data.ok).toBe(true);
    const row = await env.DB.prepare(
      "SELECT delivery_deadline, original_delivery_deadline, extension_request FROM commission_orders WHERE id = ?",
    )
      .bind(order.id)
      .first<{ delivery_deadline: number; original_delivery_deadline: number; extension_request: string | null }>();
    expect(row).toEqual({
      delivery_deadline: endOf(newDay),
      original_delivery_deadline: order.deadline,
      extension_request: null,
    });
    const after = await load(order.buyer, "buyer", order.code);
    expect(after.extension?.pending).toBeNull();
    const deadlineFact = after.panel?.stepFacts.find((fact) => fact.label === "Deadline");
    expect(deadlineFact?.value).toMatch(/ \(originally .+ UTC\)$/);
    // The log names the dates: the one asked for, then the one agreed with the one it replaced.
    const log = after.panel?.logLines.map((line) => line.what) ?? [];
    expect(log).toContainEqual(expect.stringMatching(/^More time asked for: .+ 23:59 UTC$/));
    expect(log).toContainEqual(expect.stringMatching(/^New delivery date agreed: .+ 23:59 UTC \(was .+ UTC\)$/));
    const creatorAfter = await load(order.seller, "seller", order.code, "ja");
    expect(creatorAfter.panel?.stepFacts.map((fact) => fact.value).join()).toMatch(/（当初は.+UTC）/);
    expect(creatorAfter.panel?.logLines.map((line) => line.what)).toContainEqual(
      expect.stringMatching(/（変更前は.+UTC）$/),
    );
    expect(creatorAfter.extension?.ask).not.toBeNull();
  });

  it("the client declines a request, or gives more time at once", async () => {
    const order = await paidOrder();
    await post(order.seller, "seller", {
      orderId: order.id,
      intent: "requestExtension",
      deliveryDeadline: dayAfter(order.deadline, 3),
      reason: "The colors need three more days.",
    });
    expect((await post(order.buyer, "buyer", { orderId: order.id, intent: "declineExtension" })).data.ok).toBe(true);
    // Nothing left to answer.
    const late = await post(order.buyer, "buyer", { orderId: order.id, intent: "acceptExtension" });
    expect(late.init.status).toBe(409);
    expect(late.data.message).toBe(enExtensions.extensions_error_none);

    const given = await post(order.buyer, "buyer", {
      orderId: order.id,
      intent: "giveExtension",
      deliveryDeadline: dayAfter(order.deadline, 5),
    });
    expect(given.data.ok).toBe(true);
    const row = await env.DB.prepare("SELECT delivery_deadline FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first<{ delivery_deadline: number }>();
    expect(row?.delivery_deadline).toBe(endOf(dayAfter(order.deadline, 5)));
    // A date before the current one is refused on its field.
    const earlier = await post(order.buyer, "buyer", {
      orderId: order.id,
      intent: "giveExtension",
      deliveryDeadline: dayAfter(order.deadline, 1),
    });
    expect(earlier.init.status).toBe(400);
    expect(earlier.data.errors).toEqual({ deliveryDeadline: enExtensions.extensions_error_date_invalid });
  });
});
