import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signInWithApi, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertOrder, orderMoney } from "./order-fixtures";
import { newCreator, pageInNewContext, saveCard, switchToJapanese } from "./order-steps";
import { pngBytes } from "./png";
import { DAY, shownDatesBetween, withDate } from "./shown-dates";

/**
 * Issue 59's "a creator can take the money and shut the dispute out", walked as the two parties and an admin see it
 * (decision 092): a creator with payouts set up delivers a ¥10,000 order and completes it the same minute. The
 * English-reading client still finds "Report a problem" on the completed order, open until a week after the delivery,
 * and opens a dispute; the Japanese-reading creator's Payment tab and wallet say the payout waits for the dispute's
 * settlement (the week's date no longer holds: the dispute stopped its clock), and Stripe has sent nothing. The demo admin's desk offers a refund, a release or a split,
 * never a reopen; they refund, and the client's Payment tab reads the whole ¥10,000 back, with no transfer ever made.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const WALLET = "/dashboard/creator/wallet";
/** In the translator stand-in's phrase book, as the other dispute walks' statements. */
const STATEMENT = "The delivery is not what we agreed. I asked for changes, but there was no reply.";
const REASON = "The order was completed the minute it was delivered and the client reported it within the week.";
/** ¥10,000 less Comet's fee on it (money.ts: tax 1/11, fee 10.36% of the sales: ¥853). */
const PAYOUT = "¥9,147";
const ja = (bundle: string, key: string) => message(bundle, "ja", key);
const panel = (page: Page, code: string) => page.getByRole("article", { name: new RegExp(code) });

test("a creator who completes at once is paid only after the client's week: the client disputes the completed order, an admin refunds it, nothing was sent", async ({
  page: client,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const buyer = await signUpWithApi(client);
  await saveCard(client, "4242 4242 4242 4242");
  await expect(client.getByText("Visa ending in 4242")).toBeVisible();
  const creator = await pageInNewContext(browser, baseURL!, `203.0.113.${100 + testInfo.repeatEachIndex}`);
  const seller = await newCreator(creator);
  // Payouts set up, so a payout that was due would go at once: none may while the client can still report a problem.
  await visit(creator, WALLET);
  await creator.getByRole("button", { name: "Set up payouts" }).click();
  await creator.getByRole("button", { name: "Complete onboarding" }).click();
  await expect(creator).toHaveURL(new RegExp(`${WALLET}\\?onboarding=return$`));
  const title = `Clearance ${Date.now().toString(36)}`;
  const order = await insertOrder({ sellerEmail: seller.email, buyerEmail: buyer.email, priceAmount: 10_000, title });
  const { code } = order;

  // Approved, paid, delivered and completed by the creator the same minute.
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await creator.getByRole("button", { name: "Approve" }).click();
  await expect(panel(creator, code).getByText("Accepted", { exact: true })).toBeVisible();
  await visit(client, `${REQUESTS}?order=${code}`);
  await client.getByRole("tab", { name: "Payment" }).click();
  await client.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(client.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await creator.getByRole("tab", { name: "Delivery" }).click();
  await creator
    .getByLabel("Upload files")
    .setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(creator.getByRole("link", { name: "Download final.png" })).toBeVisible();
  const deliveredFrom = Date.now();
  await creator.getByRole("button", { name: "Deliver" }).click();
  await expect(panel(creator, code).getByText("Delivered", { exact: true }).first()).toBeVisible();
  const deliveredTo = Date.now();
  // Complete asks what it releases first (issue 75).
  creator.once("dialog", (dialog) => void dialog.accept());
  await creator.getByRole("button", { name: "Complete" }).click();
  await expect(panel(creator, code).getByText("Completed", { exact: true }).first()).toBeVisible();
  // The client's week closes seven days after the delivery, which the server timed between these two readings.
  const weekEnds = (locale: "en" | "ja") => shownDatesBetween(deliveredFrom + 7 * DAY, deliveredTo + 7 * DAY, locale);

  // The client opens the completed order from their sent requests: the problem can still be reported, until when.
  await visit(client, REQUESTS);
  await client.getByRole("link", { name: new RegExp(title) }).click();
  await expect(client).toHaveURL(new RegExp(`order=${code}`));
  await expect(panel(client, code).getByText("Completed", { exact: true }).first()).toBeVisible();
  const report = client.getByTestId("dispute-report");
  await report.getByText("Report a problem").click();
  await expect(report.getByRole("heading", { name: "Open a dispute" })).toBeVisible();
  await expect(report.getByText(/^You can open a dispute until /)).toHaveText(
    withDate("You can open a dispute until {date}.", weekEnds("en"), { time: true }),
  );
  // What Comet's team may decide, as the desk offers it: no reopen of a completed order.
  await expect(
    report.getByText(
      "Comet's team reads both sides, then refunds the client, pays the creator, or splits the payment. A completed order is not reopened.",
    ),
  ).toBeVisible();
  await expect(report).not.toContainText("reopens the order");
  await expectAccessible(client);
  await report.getByRole("radio", { name: "Not what was agreed" }).check();
  await report.getByRole("textbox", { name: "What happened" }).fill(STATEMENT);
  await report.getByRole("button", { name: "Open dispute" }).click();
  const dispute = client.getByTestId("order-dispute");
  await expect(dispute.getByRole("heading", { name: "Dispute open — deadlines paused" })).toBeVisible();
  await expect(client.getByTestId("dispute-report")).toHaveCount(0);
  await expectAccessible(client);

  // The creator, reading Comet in Japanese: their payout waits for the dispute's settlement, and nothing went to Stripe.
  await switchToJapanese(creator);
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await expect(creator.getByTestId("order-dispute")).toContainText(ja("disputes", "disputes_banner_title"));
  await creator.getByRole("tab", { name: ja("orders", "orders_tab_payment") }).click();
  const share = creator.getByTestId("creator-share");
  await expect(share.getByTestId("creator-payout")).toHaveText(PAYOUT);
  await expect(share.locator("div", { has: creator.getByTestId("creator-payout") }).locator("dt span")).toHaveText(
    ja("orders", "orders_money_payout_disputed"),
  );
  await expectAccessible(creator);
  await visit(creator, WALLET);
  const row = creator.getByTestId("wallet-orders").locator(`tr[data-order="${code}"]`);
  await expect(row.getByTestId("payout-status")).toHaveText(ja("wallet", "wallet_payout_disputed"));
  await expect(row.getByTestId("wallet-transfer-amount")).toHaveText(PAYOUT);
  await expect(creator.getByTestId("wallet-clearing")).toContainText(PAYOUT);
  // No day to name: the only share clearing waits for the settlement.
  await expect(creator.getByTestId("wallet-clearing-note")).toHaveCount(0);
  await expectAccessible(creator);
  expect(await orderMoney(code)).toEqual({ charges: [{ captured: 10_000, refunded: 0 }], transfers: [] });

  // The demo admin's desk: a completed order's dispute ends in money, so no reopen is offered.
  const admin = await pageInNewContext(browser, baseURL!, `203.0.113.${102 + testInfo.repeatEachIndex}`);
  await signInWithApi(admin, DEMO.admin);
  await visit(admin, `/admin/disputes/${order.id}`);
  await expect(admin.getByText(STATEMENT).first()).toBeVisible();
  const outcomes = admin.getByRole("group", { name: "Outcome" }).getByRole("radio");
  await expect(outcomes).toHaveCount(3);
  for (const [i, name] of [
    "Refund the client in full",
    "Release everything to the creator",
    "Split: refund part to the client",
  ].entries())
    await expect(outcomes.nth(i)).toHaveAccessibleName(name);
  await expect(admin.getByRole("radio", { name: "Reopen the order with new deadlines" })).toHaveCount(0);
  await expect(admin.getByText("No money moves; the order goes on with new deadlines.")).toHaveCount(0);
  await expect(admin.getByLabel("Days until the new deadlines, for a reopen")).toHaveCount(0);
  await expectAccessible(admin);
  await admin.getByRole("radio", { name: "Refund the client in full" }).check();
  await admin.getByLabel("Reason for your decision").fill(REASON);
  await admin.getByRole("button", { name: "Settle dispute" }).click();
  await expect(admin.getByText(/¥10,000 goes back to the client/)).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole("button", { name: "Confirm settlement" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Dispute settled" })).toBeVisible();

  // At Stripe: the whole charge refunded, and no transfer was ever made.
  await expect
    .poll(async () => await orderMoney(code))
    .toEqual({
      charges: [{ captured: 10_000, refunded: 10_000 }],
      transfers: [],
    });

  // The client's Payment tab: the full ¥10,000 back, for the dispute's refund.
  await visit(client, `${REQUESTS}?order=${code}`);
  await expect(client.getByTestId("dispute-settled")).toContainText("Refunded to the client");
  await client.getByRole("tab", { name: "Payment" }).click();
  await expect(client.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(client.getByTestId("refund-note")).toHaveText(
    "Comet settled the dispute with a refund. The full ¥10,000 went back to your card.",
  );
  await expect(client.getByTestId("money-moved").locator('[data-moved="refund"]')).toHaveText(
    /Back to your card\s*dispute settled with a refund\s*¥10,000/,
  );
  await expectAccessible(client);

  // The creator's wallet: nothing clearing, nothing paid out.
  await visit(creator, WALLET);
  await expect(row.getByTestId("payout-status")).toHaveText(ja("wallet", "wallet_payout_refunded"));
  await expect(creator.getByTestId("wallet-clearing")).toHaveCount(0);
  await expect(creator.getByTestId("wallet-clearing-note")).toHaveCount(0);
  await expectAccessible(creator);
  await admin.context().close();
  await creator.context().close();
});
