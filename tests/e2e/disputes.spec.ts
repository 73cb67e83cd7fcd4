import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signInWithApi, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertService, orderMoney } from "./order-fixtures";
import { newCreator, saveCard, sendRequest, switchToJapanese } from "./order-steps";

/**
 * A dispute settled from the admin console (issue 49, decision 088), with the money checked where it is (the Stripe
 * emulator, through the Worker's own client): a ¥10,000 order paid by card; the English-reading client disputes it, the
 * Japanese-reading creator answers; the demo admin finds it in /admin/disputes, reads the record and settles with a split
 * (¥4,000 back to the client); both parties read the outcome in their language, the chat says it, and at Stripe the
 * charge is refunded exactly ¥4,000 and the creator is sent the other ¥6,000 less the fee on it, once. Then every page
 * that shows the order's money tells what moved (issue 59, decision 094): both Payment tabs and both histories read
 * "Partly refunded" with the ¥4,000 back and the ¥6,000 kept, each for the split, and the creator's income and payout
 * are those of the ¥6,000, not of the ¥10,000.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const WALLET = "/dashboard/creator/wallet";
/** The statements are in the translator stand-in's phrase book (the order page's dispute walk uses them too). */
const STATEMENT = "The delivery is not what we agreed. I asked for changes, but there was no reply.";
const ANSWER = "ご説明と参考資料どおりに制作しました。もう一度修正することは可能です。";
const REASON = "The sketch followed the brief, but the colours were not what was agreed: 40% goes back to the client.";
/** ¥6,000 kept by the creator less the platform's fee on it (money.ts: tax 1/11, fee 10.36% of the sales). */
const AWARD_TRANSFER = 5488;
/** The ¥6,000's fee and income (less the tax too); the ¥10,000's income, which the creator does not get. */
const AWARD_FEE = "¥512";
const AWARD_INCOME = "¥4,943";
const WHOLE_INCOME = "¥8,238";
const ja = (bundle: string, key: string) => message(bundle, "ja", key);
const dispute = (page: Page) => page.getByTestId("order-dispute");

test("a client's dispute, the creator's answer, an admin's split from /admin: both read it, and Stripe agrees", async ({
  page: client,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signUpWithApi(client);
  await saveCard(client, "4242 4242 4242 4242");
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const creatorUser = await newCreator(creator);
  // Payouts set up at the emulator's onboarding page, so the settlement's transfer can go at once.
  await visit(creator, WALLET);
  await creator.getByRole("button", { name: "Set up payouts" }).click();
  await creator.getByRole("button", { name: "Complete onboarding" }).click();
  await expect(creator).toHaveURL(new RegExp(`${WALLET}\\?onboarding=return$`));
  const title = `Dispute ${Date.now().toString(36)}`;
  const service = await insertService({ sellerEmail: creatorUser.email, title, priceAmount: 10_000 });

  // The request, its approval and the payment, as every order goes.
  await visit(client, `/${creatorUser.handle}?service=${service.id}`);
  const modal = client.getByRole("dialog");
  await sendRequest(modal);
  await client.goto(REQUESTS);
  await client.getByRole("link", { name: new RegExp(title) }).click();
  await expect(client).toHaveURL(/order=/);
  const code = new URL(client.url()).searchParams.get("order")!;
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await creator.getByRole("button", { name: "Approve" }).click();
  await expect(creator.getByTestId("next-step")).toContainText("Payment");
  // From here the creator reads Comet in Japanese.
  await switchToJapanese(creator);
  await visit(client, `${REQUESTS}?order=${code}`);
  await client.getByRole("tab", { name: "Payment" }).click();
  await client.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(client.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();

  // The client disputes it.
  await visit(client, `${REQUESTS}?order=${code}`);
  const report = client.getByTestId("dispute-report");
  await report.getByText("Report a problem").click();
  await report.getByRole("radio", { name: "Not what was agreed" }).check();
  await report.getByRole("textbox", { name: "What happened" }).fill(STATEMENT);
  await report.getByRole("button", { name: "Open dispute" }).click();
  await expect(dispute(client).getByRole("heading", { name: "Dispute open — deadlines paused" })).toBeVisible();

  // The creator answers in Japanese.
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await dispute(creator)
    .getByRole("textbox", { name: ja("disputes", "disputes_answer_label") })
    .fill(ANSWER);
  await dispute(creator)
    .getByRole("button", { name: ja("disputes", "disputes_answer_submit") })
    .click();
  await expect(dispute(creator).getByText(ja("disputes", "disputes_banner_answered"))).toBeVisible();

  // The admin finds it in the queue, reads the record and settles with a split.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInWithApi(admin, DEMO.admin);
  await admin.goto("/admin/disputes");
  await admin.getByRole("link", { name: `Order ${code}` }).click();
  await expect(admin.getByText(STATEMENT).first()).toBeVisible();
  await expect(admin.getByText(ANSWER).first()).toBeVisible();
  // An order not yet delivered may also be reopened, with its days (a completed one may not: payout-clearance.spec.ts).
  await expect(admin.getByRole("radio", { name: "Reopen the order with new deadlines" })).toBeVisible();
  await expect(admin.getByLabel("Days until the new deadlines, for a reopen")).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole("radio", { name: "Split: refund part to the client" }).check();
  await admin.getByLabel(/Refund to the client, for a split/).fill("4000");
  await admin.getByLabel("Reason for your decision").fill(REASON);
  await admin.getByRole("button", { name: "Settle dispute" }).click();
  await expect(admin.getByText(/¥4,000 goes back to the client/)).toBeVisible();
  await admin.getByRole("button", { name: "Confirm settlement" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Dispute settled" })).toBeVisible();
  await expect(admin.getByRole("link", { name: `Order ${code}` })).toHaveCount(0);

  // Both parties read the outcome, each in their language.
  await visit(client, `${REQUESTS}?order=${code}`);
  const settled = client.getByTestId("dispute-settled");
  await expect(settled).toContainText("Split between the two");
  await expect(settled).toContainText("¥4,000");
  await expect(settled).toContainText("¥6,000");
  await expect(settled.getByText(REASON)).toBeVisible();
  await expect(
    client.getByRole("log", { name: "Messages" }).getByText(/settled the dispute: ¥4,000 goes back/),
  ).toBeVisible();
  await expectAccessible(client);
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await expect(creator.getByTestId("dispute-settled")).toContainText(ja("disputes", "disputes_outcome_split"));

  // At Stripe: the ¥10,000 charge refunded exactly ¥4,000, and one transfer of the award less its fee.
  await expect.poll(async () => (await orderMoney(code)).charges).toEqual([{ captured: 10_000, refunded: 4_000 }]);
  await expect.poll(async () => (await orderMoney(code)).transfers.map((t) => t.amount)).toEqual([AWARD_TRANSFER]);

  // The client's Payment tab: partly refunded, the ¥4,000 back and the ¥6,000 kept, each for the split.
  await visit(client, `${REQUESTS}?order=${code}`);
  await client.getByRole("tab", { name: "Payment" }).click();
  // The settlement in its own words, not the staged cancel's "for the approved stages".
  await expect(client.getByTestId("refund-note")).toHaveText(
    "Comet settled the dispute by splitting the amount at stake. ¥4,000 went back to your card; ¥6,000 stays with the creator.",
  );
  await expect(client.getByTestId("payment-status")).toHaveText("Partly refunded");
  const moved = client.getByTestId("money-moved");
  await expect(moved.locator('[data-moved="refund"]')).toHaveText(
    /Back to your card\s*dispute settled with a split\s*¥4,000/,
  );
  await expect(moved.locator('[data-moved="dispute_award"]')).toHaveText(
    /To the creator\s*awarded in the dispute\s*¥6,000/,
  );
  await expectAccessible(client);
  // The client's billing history: the same, in a row.
  await visit(client, "/dashboard/history/billing");
  const bill = client.getByTestId("billing-history").locator(`tr[data-order="${code}"]`);
  await expect(bill.getByTestId("history-status")).toHaveText("Partly refunded");
  await expect(bill.getByTestId("history-money")).toContainText(
    "¥4,000 back to your card (dispute settled with a split)",
  );
  await expect(bill.getByTestId("history-money")).toContainText("¥6,000 to the creator (awarded in the dispute)");
  await expectAccessible(client);

  // The creator's, in Japanese: the ¥6,000 is theirs, its income and payout those of the ¥6,000 alone.
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await creator.getByRole("tab", { name: ja("orders", "orders_tab_payment") }).click();
  await expect(creator.getByTestId("payment-status")).toHaveText(ja("orders", "orders_payment_partially_refunded"));
  const kept = creator.getByTestId("money-moved");
  await expect(kept.locator('[data-moved="refund"]')).toContainText(ja("orders", "orders_money_back_seller"));
  await expect(kept.locator('[data-moved="refund"]')).toContainText("¥4,000");
  await expect(kept.locator('[data-moved="dispute_award"]')).toContainText(ja("orders", "orders_money_kept_seller"));
  await expect(kept.locator('[data-moved="dispute_award"]')).toContainText("¥6,000");
  const share = creator.getByTestId("creator-share");
  for (const figure of [AWARD_FEE, AWARD_INCOME, "¥5,488"]) await expect(share).toContainText(figure);
  await expect(share).not.toContainText(WHOLE_INCOME);
  await expect(creator.getByTestId("refund-note")).toHaveText(
    `${ja("orders", "orders_money_why_dispute_split")} ${ja("orders", "orders_money_part_done_seller")
      .replace("{refund}", "¥4,000")
      .replace("{kept}", "¥6,000")}`,
  );
  await expectAccessible(creator);
  // Their sales history: partly refunded, what went back and what they kept, the income of the ¥6,000.
  await visit(creator, "/dashboard/history/sales");
  const sale = creator.getByTestId("sales-history").locator(`tr[data-order="${code}"]`);
  await expect(sale.getByTestId("history-status")).toHaveText(ja("history", "history_status_partly_refunded"));
  await expect(sale.getByTestId("history-money")).toContainText(
    ja("history", "history_money_back_seller")
      .replace("{amount}", "¥4,000")
      .replace("{reason}", ja("history", "history_reason_dispute_split")),
  );
  await expect(sale.getByTestId("history-money")).toContainText(
    ja("history", "history_money_kept_seller")
      .replace("{amount}", "¥6,000")
      .replace("{reason}", ja("history", "history_reason_dispute_award")),
  );
  for (const figure of ["¥10,000", "¥6,000", AWARD_FEE, AWARD_INCOME]) await expect(sale).toContainText(figure);
  await expect(sale).not.toContainText(WHOLE_INCOME);
  await expectAccessible(creator);
  await adminContext.close();
  await creatorContext.close();
});
