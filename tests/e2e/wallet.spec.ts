import type { Page } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertOrder, orderMoney, saleDeliveredLastWeek } from "./order-fixtures";
import { newCreator, saveCard, switchTo } from "./order-steps";
import { pngBytes } from "./png";
import { DAY, shownDatesBetween, withDate } from "./shown-dates";

/**
 * The creator wallet (issue 12, docs/decisions/029): a new creator connects a payout account on the Stripe emulator's
 * onboarding page and sells. An order they deliver and complete at once is paid out only when the client's week to
 * report a problem ends (decision 092): the wallet and the sales history read "Clears {date}", a week after the
 * delivery, with the share to be sent, the balance shows it clearing, and nothing is sent at Stripe. Orders delivered
 * over a week ago (the saleDeliveredLastWeek fixture) are paid out as they are completed, and their transfers show in
 * the wallet and the sales history, in English and in Japanese; a dollar order's payout is shown in dollars and, as
 * sent, in yen (decision 050). Fresh users each run, so the spec can run twice on the same state.
 */
const WALLET = "/dashboard/creator/wallet";
const MANAGEMENTS = "/dashboard/commission/managements";
const ja = (key: string) => message("wallet", "ja", key);

const panel = (page: Page, code: string) => page.getByRole("article", { name: new RegExp(code) });

/**
 * The creator approves the order, the client pays it with their saved card, the creator delivers and completes it at
 * once. Returns the test's clock on either side of the delivery, which the server's delivery time lies between.
 */
async function sellAndComplete(page: Page, parties: { creator: string; client: string }, code: string) {
  await visit(page, `${MANAGEMENTS}?order=${code}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(panel(page, code).getByText("Accepted", { exact: true })).toBeVisible();
  await switchTo(page, parties.client);
  await visit(page, `/dashboard/commission/client/requests?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();
  await switchTo(page, parties.creator);
  await visit(page, `${MANAGEMENTS}?order=${code}`);
  await page.getByRole("tab", { name: "Delivery" }).click();
  await page.getByLabel("Upload files").setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(page.getByRole("link", { name: "Download final.png" })).toBeVisible();
  const deliveredFrom = Date.now();
  await page.getByRole("button", { name: "Deliver" }).click();
  await expect(panel(page, code).getByText("Delivered", { exact: true }).first()).toBeVisible();
  const deliveredTo = Date.now();
  // Complete asks what it releases first (issue 75).
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(panel(page, code).getByText("Completed", { exact: true }).first()).toBeVisible();
  return { deliveredFrom, deliveredTo };
}

/** The creator completes an order the saleDeliveredLastWeek fixture paid and delivered eight days ago. */
async function completeDeliveredLastWeek(page: Page, code: string) {
  await visit(page, `${MANAGEMENTS}?order=${code}`);
  await expect(panel(page, code).getByText("Delivered", { exact: true }).first()).toBeVisible();
  // Complete asks what it releases first (issue 75).
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(panel(page, code).getByText("Completed", { exact: true }).first()).toBeVisible();
}

test("a creator connects a payout account; a quick completion clears a week after delivery, one past that week is transferred, in English and Japanese", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const client = await signUpWithApi(page);
  await saveCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  const creator = await newCreator(page);

  // Not connected yet: the state said plainly, with the one thing to do.
  await visit(page, WALLET);
  const account = page.getByTestId("wallet-account");
  await expect(account.getByTestId("wallet-state")).toHaveText("No payout account yet");
  await expect(account).toContainText("Set up a payout account with Stripe to receive the money from your sales.");

  // Stripe's (the emulator's) onboarding page, left once, then completed.
  await page.getByRole("button", { name: "Set up payouts" }).click();
  await expect(page).toHaveURL(/\/_emulator\/connect\/onboarding\/acct_/);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Leave incomplete" }).click();
  await expect(page).toHaveURL(new RegExp(`${WALLET}\\?onboarding=refresh$`));
  await expect(account.getByTestId("wallet-state")).toHaveText("Setup not finished");
  await expect(account).toContainText("Setup was not finished. Continue whenever you are ready.");
  await page.getByRole("button", { name: "Continue setup on Stripe" }).click();
  await page.getByRole("button", { name: "Complete onboarding" }).click();
  await expect(page).toHaveURL(new RegExp(`${WALLET}\\?onboarding=return$`));
  await expect(account.getByTestId("wallet-state")).toHaveText("Ready for payouts");
  for (const fact of ["Details submitted", "Charges enabled", "Payouts enabled"])
    await expect(account.getByText(fact)).toBeVisible();
  await expect(page.getByRole("button", { name: "Open Stripe dashboard" })).toBeVisible();

  // An order at ¥12,000, approved, paid by the client, delivered and completed at once by the creator.
  const title = `Wallet ${Date.now().toString(36)}`;
  const parties = { creator: creator.email, client: client.email };
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title,
  });
  const delivered = await sellAndComplete(page, parties, code);
  // Its payout clears when the client's week to report a problem ends, a week after the delivery (decision 092).
  const clearsOn = (locale: "en" | "ja") =>
    shownDatesBetween(delivered.deliveredFrom + 7 * DAY, delivered.deliveredTo + 7 * DAY, locale);

  // The wallet: ¥12,000 → tax ¥1,091 (1/11), sales ¥10,909, income ¥9,885 (sales / 1.1036), fee ¥1,024; the creator's
  // share is the total minus the fee, ¥10,976, to be sent when the week ends: clearing, and nothing sent yet.
  await page.goto(WALLET);
  const row = page.getByTestId("wallet-orders").locator(`tr[data-order="${code}"]`);
  // The wallet shows the total, the tax and the fee taken from it and the income left (the sales amount is on the order's
  // Payment tab and the sales history).
  for (const figure of ["¥9,885", "¥1,091", "¥1,024", "¥12,000"])
    await expect(row.getByRole("cell", { name: figure, exact: true })).toBeVisible();
  await expect(row.getByTestId("wallet-income")).toHaveText("¥9,885");
  await expect(row.getByTestId("wallet-transfer-amount")).toHaveText("¥10,976");
  await expect(row.getByTestId("payout-status")).toHaveText(withDate("Clears {date}", clearsOn("en")));
  await expect(row.getByTestId("payout-status")).toHaveAttribute("data-payout", "clearing");
  const clearing = page.getByTestId("wallet-clearing");
  await expect(clearing.getByText("Clearing", { exact: true })).toBeVisible();
  await expect(clearing).toContainText("¥10,976");
  await expect(page.getByTestId("wallet-clearing-note")).toHaveText(
    withDate(
      "A completed order's share clears a week after its delivery, while the client can still report a problem; the next clears {date}.",
      clearsOn("en"),
    ),
  );
  await expect(page.getByTestId("wallet-pending")).toBeVisible();
  await expect(page.getByTestId("wallet-pending")).not.toContainText("¥10,976");
  await expect(page.getByText("No payouts to your bank yet.")).toBeVisible();
  // A yen order is sent as it is: one amount, and no word about conversion.
  await expect(row.getByTestId("wallet-transfer-sent")).toHaveCount(0);
  await expect(page.getByTestId("wallet-currency-note")).toHaveCount(0);
  // At Stripe: the client's charge, and no transfer to the creator while the client may still report a problem.
  expect((await orderMoney(code)).transfers).toEqual([]);

  // The same sale in the sales history, clearing.
  await page.goto("/dashboard/history/sales");
  const clearingSale = page.getByTestId("sales-history").locator(`tr[data-order="${code}"]`);
  await expect(clearingSale.getByTestId("payout-status")).toHaveText(withDate("Clears {date}", clearsOn("en")));
  await expect(clearingSale).toContainText("¥9,885");

  // Another ¥12,000 order, paid and delivered eight days ago: the client's week is over, so the creator's Complete sends
  // the ¥10,976 share at once, from the client's still-pending charge: pending in the balance.
  const settled = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `${title} past the week`,
  });
  await saleDeliveredLastWeek(settled.id);
  await completeDeliveredLastWeek(page, settled.code);
  await page.goto(WALLET);
  const settledRow = page.getByTestId("wallet-orders").locator(`tr[data-order="${settled.code}"]`);
  for (const figure of ["¥9,885", "¥1,091", "¥1,024", "¥12,000"])
    await expect(settledRow.getByRole("cell", { name: figure, exact: true })).toBeVisible();
  await expect(settledRow.getByTestId("wallet-income")).toHaveText("¥9,885");
  await expect(settledRow.getByTestId("wallet-transfer-amount")).toHaveText("¥10,976");
  await expect(settledRow.getByTestId("payout-status")).toHaveText("Transferred");
  await expect(page.getByTestId("wallet-pending")).toContainText("¥10,976");
  // The quick completion is still clearing, alone.
  await expect(page.getByTestId("wallet-clearing")).toContainText("¥10,976");
  await expect(row.getByTestId("payout-status")).toHaveText(withDate("Clears {date}", clearsOn("en")));
  await expect(page.getByText("No payouts to your bank yet.")).toBeVisible();
  await expect(settledRow.getByTestId("wallet-transfer-sent")).toHaveCount(0);
  await expect(page.getByTestId("wallet-currency-note")).toHaveCount(0);
  expect((await orderMoney(settled.code)).transfers.map((t) => t.amount)).toEqual([10_976]);

  // A $10.00 order past the week: the share is $9.15 (fee $0.85); the client's charge settled as ¥1,449 (the emulator's
  // 144.91), so ¥1,325 was sent (915 × 1,449 / 1,000, rounded down), and the yen balance grows by it.
  const dollars = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 1_000,
    title: `${title} USD`,
    currencyCode: "USD",
  });
  await saleDeliveredLastWeek(dollars.id);
  await completeDeliveredLastWeek(page, dollars.code);
  await page.goto(WALLET);
  const dollarRow = page.getByTestId("wallet-orders").locator(`tr[data-order="${dollars.code}"]`);
  await expect(dollarRow).toContainText("$10.00");
  await expect(dollarRow.getByTestId("wallet-transfer-amount")).toContainText("$9.15");
  await expect(dollarRow.getByTestId("wallet-transfer-sent")).toHaveText("¥1,325 paid out");
  await expect(dollarRow.getByTestId("payout-status")).toHaveText("Transferred");
  await expect(page.getByTestId("wallet-currency-note")).toBeVisible();
  // The widest row (a dollar sale, its approximation and what was sent in yen) still shows its status at 1280 px.
  expect(page.viewportSize()!.width).toBe(1280);
  await expectWholeRowInView(page, page.getByTestId("wallet-orders-container"), dollarRow);
  // So does the clearing one, with its date.
  await expectWholeRowInView(page, page.getByTestId("wallet-orders-container"), row);
  await expect(page.getByTestId("wallet-pending")).toContainText("¥12,301");
  await expectAccessible(page);

  // The sales paid out in the sales history; the quick one still clearing.
  await page.goto("/dashboard/history/sales");
  const sale = page.getByTestId("sales-history").locator(`tr[data-order="${settled.code}"]`);
  await expect(sale.getByTestId("payout-status")).toHaveText("Transferred");
  await expect(sale).toContainText("¥9,885");
  const dollarSale = page.getByTestId("sales-history").locator(`tr[data-order="${dollars.code}"]`);
  await expect(dollarSale.getByTestId("payout-status")).toHaveText("Transferred");
  await expect(clearingSale.getByTestId("payout-status")).toHaveText(withDate("Clears {date}", clearsOn("en")));

  // In Japanese.
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto(WALLET);
  await expect(page.getByRole("heading", { level: 1, name: ja("wallet_title") })).toBeVisible();
  await expect(account.getByTestId("wallet-state")).toHaveText(ja("wallet_state_ready"));
  await expect(account).toContainText(ja("wallet_todo_ready"));
  await expect(row.getByTestId("payout-status")).toHaveText(withDate(ja("wallet_payout_clearing"), clearsOn("ja")));
  await expect(row.getByTestId("wallet-transfer-amount")).toHaveText("¥10,976");
  await expect(clearing.getByText(ja("wallet_balance_clearing"), { exact: true })).toBeVisible();
  await expect(clearing).toContainText("¥10,976");
  await expect(page.getByTestId("wallet-clearing-note")).toHaveText(
    withDate(ja("wallet_balance_clearing_note"), clearsOn("ja")),
  );
  await expect(settledRow.getByTestId("payout-status")).toHaveText(ja("wallet_payout_transferred"));
  await expect(settledRow.getByTestId("wallet-transfer-amount")).toHaveText("¥10,976");
  await expect(dollarRow.getByTestId("wallet-transfer-sent")).toHaveText(
    ja("wallet_payout_sent").replace("{amount}", "¥1,325"),
  );
  await expect(page.getByTestId("wallet-currency-note")).toHaveText(ja("wallet_payout_currency_note"));
  await expect(page.getByRole("button", { name: ja("wallet_action_dashboard") })).toBeVisible();
  await page.goto("/dashboard/history/sales");
  await expect(clearingSale.getByTestId("payout-status")).toHaveText(
    withDate(ja("wallet_payout_clearing"), clearsOn("ja")),
  );
  await expect(sale.getByTestId("payout-status")).toHaveText(ja("wallet_payout_transferred"));
});

test("a paid order the creator cancels: the prompt names the full refund, and at 1280 px the wallet shows the whole row with no income, in English and Japanese", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const client = await signUpWithApi(page);
  await saveCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  const creator = await newCreator(page);
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `Refunded ${Date.now().toString(36)}`,
  });

  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(panel(page, code).getByText("Accepted", { exact: true })).toBeVisible();
  await switchTo(page, client.email);
  await page.goto(`/dashboard/commission/client/requests?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();

  // The creator cancels the paid order: the prompt says what the Order object will do, with the amount.
  await switchTo(page, creator.email);
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  let prompt = "";
  page.once("dialog", (dialog) => {
    prompt = dialog.message();
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(panel(page, code).getByText("Canceled", { exact: true }).first()).toBeVisible();
  expect(prompt).toBe(
    "Cancel this commission? Comet will refund the full ¥12,000 to the client's card, and you will get no payout for it.",
  );

  // The wallet at 1280 × 800: the refunded sale earns nothing, and every column is in view without scrolling sideways.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(WALLET);
  const container = page.getByTestId("wallet-orders-container");
  const row = page.getByTestId("wallet-orders").locator(`tr[data-order="${code}"]`);
  await expect(row.getByTestId("wallet-income")).toHaveText("Refunded");
  await expect(row.getByTestId("wallet-transfer-amount")).toHaveText("—");
  await expect(row.getByTestId("payout-status")).toHaveText("None (refunded)");
  await expect(page.getByTestId("wallet-income-note")).toContainText(
    "Your payout is what Comet sends you: the total less the fee only",
  );
  await expectWholeRowInView(page, container, row);
  await expectAccessible(page);

  // In Japanese, the same sale reads the same way, and still fits.
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto(WALLET);
  await expect(row.getByTestId("wallet-income")).toHaveText(message("history", "ja", "history_status_refunded"));
  await expect(row.getByTestId("payout-status")).toHaveText(ja("wallet_payout_refunded"));
  await expect(page.getByTestId("wallet-income-note")).toHaveText(ja("wallet_income_vs_payout"));
  await expectWholeRowInView(page, container, row);

  // On a phone each sale is stacked: its cells, labelled, one under another, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(WALLET);
  await expect(row.getByTestId("payout-status")).toBeVisible();
  await expectWholeRowInView(page, container, row);
  await expectAccessible(page);
});

/** The row's payout status cell (the last column) lies inside the table's box and the window, and nothing scrolls sideways. */
async function expectWholeRowInView(
  page: Page,
  container: ReturnType<Page["getByTestId"]>,
  row: ReturnType<Page["locator"]>,
) {
  const status = row.getByTestId("wallet-payout-status");
  await status.scrollIntoViewIfNeeded();
  const [box, frame] = await Promise.all([status.boundingBox(), container.boundingBox()]);
  expect(box && frame).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(frame!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const overflow = await container.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}
