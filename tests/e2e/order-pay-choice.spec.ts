import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test } from "./fixtures";
import { message } from "./messages";
import { insertOrder } from "./order-fixtures";
import { newCreator, saveCard, switchTo } from "./order-steps";

/**
 * Issue 33, from new users: the accepted order's next step (Payment) offers the client's Pay where it says so, and
 * opens the Payment tab with its Pay in view; the client chooses which saved card pays (by keyboard here), and the
 * order's history says the client paid, with that card, never 'automatically'.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";

const nextStep = (page: Page) => page.getByTestId("next-step");
const history = (page: Page) => page.getByRole("region", { name: "History" });

test("the client pays from the next step with their second card, and the history says they paid with it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const client = await signUpWithApi(page);
  await saveCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await saveCard(page, "5555 5555 5555 4444");
  await expect(page.getByText("Mastercard ending in 4444")).toBeVisible();
  const creator = await newCreator(page);
  const title = `Choice ${Date.now().toString(36)}`;
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title,
  });

  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(nextStep(page)).toContainText("Payment");
  // The creator waits: no Pay of theirs.
  await expect(nextStep(page).getByRole("button", { name: "Review and pay" })).toHaveCount(0);

  // The client's next step offers Pay; it opens the Payment tab with the card choice and Pay in view and focus.
  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(nextStep(page)).toContainText("Payment");
  await nextStep(page).getByRole("button", { name: "Review and pay" }).click();
  await expect(page.getByRole("tab", { name: "Payment" })).toHaveAttribute("aria-selected", "true");
  const pay = page.getByRole("region", { name: "Pay for this commission" });
  await expect(pay).toBeFocused();
  await expect(pay.getByRole("button", { name: "Pay", exact: true })).toBeInViewport();
  await expect(page.getByTestId("amount-breakdown")).toContainText("¥12,000");

  // The first card is preselected; the keyboard chooses the second.
  const cards = pay.getByRole("group", { name: "Card to pay with" });
  const visa = cards.getByRole("radio", { name: /Visa ending in 4242.*Expires 12\/34/ });
  const mastercard = cards.getByRole("radio", { name: /Mastercard ending in 4444.*Expires 12\/34/ });
  await expect(visa).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(visa).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(mastercard).toBeChecked();
  await expect(pay.getByText("Pays with the Mastercard ending in 4444")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(pay.getByRole("link", { name: "Manage cards" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(pay.getByRole("button", { name: "Pay", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();
  await expect(nextStep(page)).toContainText("Delivery");
  await expect(page.getByRole("button", { name: "Review and pay" })).toHaveCount(0);
  await expect(history(page)).toContainText(/Paid\s*by the client with their Mastercard ending in 4444/);
  await expect(history(page)).not.toContainText("automatically");

  // In Japanese too.
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.reload();
  const historyJa = page.getByRole("region", { name: message("orders", "ja", "orders_log_heading") });
  await expect(historyJa).toContainText("依頼者による・Mastercard（末尾 4444）");
  await expect(historyJa).not.toContainText(message("orders", "ja", "orders_actor_system"));

  // The creator reads that the client paid, without the client's card.
  await switchTo(page, creator.email);
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(history(page)).toContainText(/Paid\s*by the client/);
  await expect(history(page)).not.toContainText("4444");
  await expect(history(page)).not.toContainText("automatically");
});

test("in Japanese the client's next step offers Pay too", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const client = await signUpWithApi(page);
  await saveCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  const creator = await newCreator(page);
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 9_000,
    title: `Ja ${Date.now().toString(36)}`,
  });
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(nextStep(page)).toContainText("Payment");

  await switchTo(page, client.email);
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto(`${REQUESTS}?order=${code}`);
  await nextStep(page)
    .getByRole("button", { name: message("orders", "ja", "orders_review_and_pay") })
    .click();
  await expect(page.getByRole("tab", { name: message("orders", "ja", "orders_tab_payment") })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const pay = page.getByRole("region", { name: message("orders", "ja", "orders_pay_section") });
  await expect(pay).toBeFocused();
  // One card: no choice to make, the card and its expiry are named.
  await expect(pay.getByRole("radio")).toHaveCount(0);
  await expect(pay).toContainText("Visa（末尾 4242） で支払います");
  await expect(pay).toContainText("有効期限 12/34");
  await expect(pay.getByRole("button", { name: message("orders", "ja", "orders_pay"), exact: true })).toBeEnabled();
});
