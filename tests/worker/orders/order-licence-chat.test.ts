// The licence changed by agreement in the order's chat (issue 63): the real Order object posts a system line for the
// client's request (naming the licence asked for) and for the creator's answer, once per event, as it does for a
// delivery date moved (decision 090).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatOrder, list } from "../support/chat-fixtures";
import type { ChatMessagePage } from "#worker/chat/domain/chat-protocol";
import { orderStub } from "#worker/orders/order-stub";
import { noticeWords } from "#app/components/chat/chat-notice";
import { withMessageLocale } from "#worker/messages/message-locale";

describe("the licence change in the chat", () => {
  it("the request and its acceptance each post one line with the licence; a refused repeat posts nothing", async () => {
    const order = await chatOrder({ progress: "APPROVED", payment: "COMPLETED", chat: "OPENED" });
    await env.DB.prepare("UPDATE commission_orders SET licence = ?, paid_at = ? WHERE id = ?")
      .bind(JSON.stringify({ scope: "personal" }), Date.now(), order.id)
      .run();
    const object = orderStub(env.ORDER, order.id);
    const as = (side: "seller" | "buyer") => ({ commissionAccountId: order[side].commissionAccountId });
    const goods = { scope: "commercial" as const, uses: ["goods" as const] };
    expect((await object.act({ type: "requestLicence", licence: goods }, as("buyer"))).status).toBe("done");
    expect((await object.act({ type: "acceptLicence" }, as("seller"))).status).toBe("done");
    expect(await object.act({ type: "acceptLicence" }, as("seller"))).toMatchObject({
      status: "refused",
      refusal: "no_licence_request",
    });
    const response = await list(order.buyer.cookie, order.roomId);
    const notices = (await response.json<ChatMessagePage>()).messages
      .filter((message) => message.notice !== null)
      .map((message) => message.notice);
    expect(notices).toEqual([
      { key: "licence_requested", licence: goods },
      { key: "licence_accepted", licence: goods },
    ]);
  });

  it("each reader reads the line in their language, the licence named in it", async () => {
    const words = (locale: "en" | "ja", notice: Parameters<typeof noticeWords>[0]) =>
      withMessageLocale(locale, "http://localhost", async () => noticeWords(notice, locale).before);
    const both = { scope: "commercial" as const, uses: ["streaming" as const, "goods" as const] };
    expect(await words("en", { key: "licence_requested", licence: both })).toBe(
      "The client asks to change the licence to: commercial use (streaming, goods). The creator may accept or decline.",
    );
    expect(await words("ja", { key: "licence_accepted", licence: { scope: "exclusive" } })).toBe(
      "クリエイターが承認しました：ライセンスは「独占利用」になりました。",
    );
    expect(await words("en", { key: "licence_declined" })).toBe(
      "The creator declined the licence change. It stays as it was.",
    );
  });
});
