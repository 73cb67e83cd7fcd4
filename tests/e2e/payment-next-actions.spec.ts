import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test } from "./fixtures";
import { insertOrder, intentsOf } from "./order-fixtures";
import { newCreator, saveCard, switchTo } from "./order-steps";
import { authenticateInPage, challengeUrl, mainFrameNavigations, threeDSecureDialog } from "./three-d-secure";

/**
 * Issue 33, payments: 3-D Secure inside the page (decision 057). The order's Pay hands the intent's `use_stripe_sdk`
 * action to the page's Stripe.js part (here the emulator's challenge, framed over the order), never a full-page
 * redirect; a pending intent waiting for 3-D Secure is taken up rather than paid again; a pay call that fails falls
 * back to the intent's action (spec section 4 "Payment flow", section 8 "Payment failure").
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const THREE_D_SECURE_CARD = "4000 0027 6000 3184";

/** A client with a card that asks for 3-D Secure on every payment, and an approved order of theirs to pay. */
async function approvedOrderWith3dsCard(page: Page) {
  const client = await signUpWithApi(page);
  await saveCard(page, THREE_D_SECURE_CARD);
  // Saving it asks too, in the page.
  await authenticateInPage(page, "complete");
  await expect(page.getByText("Visa ending in 3184")).toBeVisible();
  const creator = await newCreator(page);
  const { id, code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 8_000,
    title: `3DS ${Date.now().toString(36)}`,
  });
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("next-step")).toContainText("Payment");
  await switchTo(page, client.email);
  return { id, code };
}

async function openPayment(page: Page, code: string) {
  await page.goto(`${REQUESTS}?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
}

const payButton = (page: Page) => page.getByRole("button", { name: "Pay", exact: true });
const paid = (page: Page) => page.getByRole("button", { name: "Awaiting creator delivery" });
/** The pay calls the page makes (a second one would ask Stripe to confirm again). */
function payCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/features/commission/order/pay")
      calls.push(request.url());
  });
  return calls;
}

test("a 3-D Secure payment completes inside the order's page, with no navigation away", async ({ page }) => {
  test.setTimeout(120_000);
  const { id, code } = await approvedOrderWith3dsCard(page);
  await openPayment(page, code);
  const navigations = mainFrameNavigations(page);
  await payButton(page).click();
  const challenge = await challengeUrl(page);
  expect(challenge.pathname).toBe(`/_emulator/3ds/${(await intentsOf(id))[0].intent}`);
  await expect(page.getByRole("status").filter({ hasText: "Confirm the payment with your bank" })).toBeVisible();
  await authenticateInPage(page, "complete");
  await expect(paid(page)).toBeVisible();
  await expect(page.getByTestId("next-step")).toContainText("Delivery");
  expect(navigations).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`${REQUESTS}\\?order=${code}$`));
  expect(await intentsOf(id)).toEqual([{ intent: challenge.pathname.split("/").at(-1), status: "COMPLETED" }]);
});

test("a pending payment left waiting for 3-D Secure is taken up where it was left, not paid again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { id, code } = await approvedOrderWith3dsCard(page);
  await openPayment(page, code);
  await payButton(page).click();
  const first = await challengeUrl(page);
  // The client closes the bank's check: nothing is paid, the intent waits.
  await threeDSecureDialog(page).getByRole("button", { name: "Close without confirming" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "We are unable to authenticate your card." })).toBeVisible();
  expect(await intentsOf(id)).toEqual([{ intent: first.pathname.split("/").at(-1), status: "PENDING" }]);

  // Later, Pay again: the pending intent is checked first and its action opened; no new pay call is made.
  await openPayment(page, code);
  const calls = payCalls(page);
  await payButton(page).click();
  const again = await challengeUrl(page);
  expect(again.pathname).toBe(first.pathname);
  expect(calls).toEqual([]);
  await authenticateInPage(page, "complete");
  await expect(paid(page)).toBeVisible();
  expect(calls).toEqual([]);
  expect(await intentsOf(id)).toEqual([{ intent: first.pathname.split("/").at(-1), status: "COMPLETED" }]);
});

test("a pay call that fails after Stripe asked for 3-D Secure falls back to the intent's action", async ({ page }) => {
  test.setTimeout(120_000);
  const { id, code } = await approvedOrderWith3dsCard(page);
  await openPayment(page, code);
  // The Worker confirms the intent (Stripe asks for 3-D Secure), but its answer is lost on the way back.
  await page.route("**/api/features/commission/order/pay", async (route) => {
    await route.fetch();
    await route.fulfill({ status: 502, contentType: "text/plain", body: "Bad gateway" });
  });
  const calls = payCalls(page);
  await payButton(page).click();
  const challenge = await challengeUrl(page);
  expect(calls).toHaveLength(1);
  expect(challenge.pathname).toBe(`/_emulator/3ds/${(await intentsOf(id))[0].intent}`);
  await authenticateInPage(page, "complete");
  await expect(paid(page)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /already paid|authenticate/ })).toHaveCount(0);
  expect((await intentsOf(id)).map((row) => row.status)).toEqual(["COMPLETED"]);
});

test("a pending intent whose action is a redirect goes to the bank's page and back to the order, which records the payment", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { id, code } = await approvedOrderWith3dsCard(page);
  await openPayment(page, code);
  await payButton(page).click();
  const challenge = await challengeUrl(page);
  await threeDSecureDialog(page).getByRole("button", { name: "Close without confirming" }).click();
  // The same intent confirmed again with a return_url (as an intent confirmed before decision 057 was): its action
  // is now a redirect, which Stripe.js, too, can only follow by leaving the page.
  const intentId = challenge.pathname.split("/").at(-1)!;
  const clientSecret = challenge.searchParams.get("client_secret")!;
  const headers = { authorization: "Bearer pk_test_comet_local" };
  const intent = await (
    await page.request.get(
      `${challenge.origin}/v1/payment_intents/${intentId}?client_secret=${encodeURIComponent(clientSecret)}`,
      { headers },
    )
  ).json();
  const orderUrl = new URL(`${REQUESTS}?order=${code}`, page.url()).toString();
  const confirmed = await page.request.post(`${challenge.origin}/v1/payment_intents/${intentId}/confirm`, {
    headers,
    form: { client_secret: clientSecret, payment_method: intent.payment_method, return_url: orderUrl },
  });
  expect((await confirmed.json()).next_action.type).toBe("redirect_to_url");

  // Pay: the pending intent is checked first, and its redirect followed; no pay call is made.
  await openPayment(page, code);
  const calls = payCalls(page);
  await payButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/_emulator/3ds/${intentId}`));
  await page.getByRole("button", { name: /complete/i }).click();
  // Back on the order: the loader read the intent and recorded it; the return toast says so once.
  await expect(page).toHaveURL(new RegExp(`${REQUESTS}\\?order=${code}$`));
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
  await expect(paid(page)).toBeVisible();
  expect(calls).toEqual([]);
  expect(await intentsOf(id)).toEqual([{ intent: intentId, status: "COMPLETED" }]);
});
