// The order as it was priced, read back (issue 63): the Payment tab's lines from the order's stored price_lines, named by
// the order's snapshot choices in the reader's language, with the creator's change at approval as one more line; an old
// order (no lines) shows its total alone; the licence under the total and in the Details' agreed terms, and on the page
// of a work published from the order. Real D1 rows, the real view (order-views.ts) and the loaders' words.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as workRoute from "#app/routes/work";
import { orderPanelTexts } from "#app/loaders/orders/order-panel-texts.server";
import { portfolioWorks } from "#worker/db/schema";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import { getOrderDetail, type OrderViewer } from "#worker/orders/services/order-views";
import { eq } from "drizzle-orm";
import { freshUser } from "../support/auth-helpers";
import { db, signUp } from "../support/helpers";
import { jsonDoor } from "../support/command-doors";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { pricedOrder } from "../support/priced-order-fixtures";
import { newWork } from "../support/media-fixtures";
import { pageContext } from "../support/visibility-fixtures";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(account.userAccountId)
    .first<{ id: string }>();
  return { cookie, handle: user.handle, commissionAccountId: account.id, profileId: profile!.id };
}
type Party = Awaited<ReturnType<typeof party>>;

const viewer = (p: Party, locale: Locale, displayCurrencyCode = "JPY"): OrderViewer => ({
  commissionAccountId: p.commissionAccountId,
  profileId: p.profileId,
  locale,
  displayCurrencyCode,
});

async function panel(code: string, who: Party, locale: Locale, displayCurrencyCode = "JPY") {
  const detail = await getOrderDetail(db(), env, code, viewer(who, locale, displayCurrencyCode));
  expect(detail).not.toBeNull();
  return withMessageLocale(locale, "http://localhost", () => orderPanelTexts(detail!, Date.now()));
}

const shown = (texts: Awaited<ReturnType<typeof panel>>) =>
  texts.priceLines?.map(({ label, detail, amount }) => [label, detail, amount]);

describe("the Payment tab's price lines", () => {
  it("words each line in English and Japanese for both parties, then the creator's change after they set another price", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await pricedOrder(seller, buyer);

    const en = await panel(order.code, seller, "en");
    expect(shown(en)).toEqual([
      ["Bust-up", null, "¥20,000"],
      ["Background", null, "¥5,000"],
      ["Commercial use", "+100%", "¥20,000"],
      ["Extra character", "¥8,000 × 2", "¥16,000"],
    ]);
    expect(en.priceLinesHeading).toBe("How the price adds up");
    // The seller reads the order's own currency only.
    expect(en.priceLines?.every((line) => line.approximate === null)).toBe(true);
    const ja = await panel(order.code, buyer, "ja");
    expect(shown(ja)).toEqual([
      ["バストアップ", null, "¥20,000"],
      ["背景", null, "¥5,000"],
      ["商用利用", "+100%", "¥20,000"],
      ["キャラクター追加", "¥8,000 × 2", "¥16,000"],
    ]);
    expect(ja.priceLinesHeading).toBe("料金の内訳");

    // The creator raises the price at approval: the lines stay as priced and the change is one line more.
    expect((await jsonDoor("/update", seller, { orderId: order.id, priceAmount: 65_000 })).status).toBe(200);
    expect(shown(await panel(order.code, seller, "en"))?.at(-1)).toEqual(["Changed by the creator", null, "+¥4,000"]);
    expect(shown(await panel(order.code, buyer, "ja"))?.at(-1)).toEqual([
      "クリエイターによる金額の変更",
      null,
      "+¥4,000",
    ]);
    // A discount reads as one too.
    expect((await jsonDoor("/update", seller, { orderId: order.id, priceAmount: 59_500 })).status).toBe(200);
    const discounted = await panel(order.code, seller, "en");
    expect(shown(discounted)?.at(-1)).toEqual(["Changed by the creator", null, "−¥1,500"]);
    expect(discounted.priceLines).toHaveLength(5);
  });

  it("the buyer reading dollars sees each line approximately in them, as they see the total", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await pricedOrder(seller, buyer);
    const usd = await panel(order.code, buyer, "en", "USD");
    expect(usd.priceLines?.map((line) => line.amount)).toEqual(["¥20,000", "¥5,000", "¥20,000", "¥16,000"]);
    for (const line of usd.priceLines ?? []) expect(line.approximate).toMatch(/^≈ \$\d[\d,]*\.\d\d$/);
  });

  it("an old order (no lines kept) shows its total alone, and no licence", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await pricedOrder(seller, buyer, { lines: false, licence: false });
    for (const [who, locale] of [
      [seller, "en"],
      [buyer, "ja"],
    ] as const) {
      const texts = await panel(order.code, who, locale);
      expect(texts.priceLines).toBeNull();
      expect(texts.terms).toBeNull();
      const labels = texts.facts.map((fact) => fact.label);
      expect(labels).not.toContain(locale === "en" ? "Licence" : "利用範囲");
      expect(texts.facts.at(-1)).toEqual({ label: locale === "en" ? "Total price" : "合計金額", value: "¥61,000" });
    }
  });
});

describe("the licence", () => {
  it("is on the order's left panel under the total and in the Details' agreed terms, in English and Japanese", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await pricedOrder(seller, buyer);
    const en = await panel(order.code, buyer, "en");
    expect(en.facts.slice(-2)).toEqual([
      { label: "Total price", value: "¥61,000" },
      { label: "Licence", value: "Commercial use: streaming, goods" },
    ]);
    expect(en.terms).toEqual({
      heading: "Terms you both agreed to",
      licence: { label: "Licence", value: "Commercial use: streaming, goods" },
    });
    const ja = await panel(order.code, seller, "ja");
    expect(ja.facts.at(-1)).toEqual({ label: "利用範囲", value: "商用利用：配信、グッズ" });

    await env.DB.prepare("UPDATE commission_orders SET licence = ? WHERE id = ?")
      .bind(JSON.stringify({ scope: "exclusive" }), order.id)
      .run();
    expect((await panel(order.code, buyer, "en")).facts.at(-1)).toEqual({
      label: "Licence",
      value: "Exclusive rights",
    });
    await env.DB.prepare("UPDATE commission_orders SET licence = ? WHERE id = ?")
      .bind(JSON.stringify({ scope: "personal" }), order.id)
      .run();
    expect((await panel(order.code, buyer, "ja")).facts.at(-1)).toEqual({ label: "利用範囲", value: "個人利用" });
  });

  it("is on the public page of a work made for the order; a work of no order, or of an old order, shows none", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await pricedOrder(seller, buyer);
    const old = await pricedOrder(seller, buyer, { licence: false });
    const load = async (workId: string, locale: Locale) => {
      const path = `/${seller.handle}/works/${workId}`;
      const context = await pageContext(null, path, locale);
      // The worker runs each request's loaders in its language's message scope (worker/index.ts), as here.
      return withMessageLocale(locale, "http://localhost", () =>
        workRoute.loader({
          params: { handle: seller.handle, workId },
          request: new Request(`http://localhost${path}`),
          context,
        } as never),
      );
    };
    const made = await newWork(seller.profileId);
    await db().update(portfolioWorks).set({ commissionOrderId: order.id }).where(eq(portfolioWorks.id, made));
    const en = await load(made, "en");
    expect([en.detailLabels.licence, en.licence]).toEqual(["Licence", "Commercial use: streaming, goods"]);
    const ja = await load(made, "ja");
    expect([ja.detailLabels.licence, ja.licence]).toEqual(["利用範囲", "商用利用：配信、グッズ"]);

    const own = await newWork(seller.profileId);
    expect((await load(own, "en")).licence).toBeNull();
    const older = await newWork(seller.profileId);
    await db().update(portfolioWorks).set({ commissionOrderId: old.id }).where(eq(portfolioWorks.id, older));
    expect((await load(older, "en")).licence).toBeNull();
  });
});
