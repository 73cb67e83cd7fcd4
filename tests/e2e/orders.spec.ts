import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertOrder } from "./order-fixtures";
import { newCreator, saveCard, switchTo } from "./order-steps";
import { authenticateInPage } from "./three-d-secure";
import { pngBytes } from "./png";

/**
 * An order from approval to completion on the order pages (issue 10): the creator approves a priced order, the
 * client pays with a saved card (the Stripe emulator), the creator uploads a deliverable and delivers, then
 * completes; the client sees each state (once in Japanese); a stranger opening the order's address gets nothing.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";

const panel = (page: Page, code: string) => page.getByRole("article", { name: new RegExp(code) });
const nextStep = (page: Page) => page.getByTestId("next-step");

test("a creator approves, the client pays, the creator delivers a file and completes; a stranger sees nothing", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stranger = await signUpWithApi(page);
  await page.context().clearCookies();
  const client = await signUpWithApi(page);
  await saveCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  const creator = await newCreator(page);

  const title = `Portrait ${Date.now().toString(36)}`;
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title,
  });

  // The creator finds it in the list and opens it: pending, waiting for approval.
  await page.goto(MANAGEMENTS);
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`order=${code}`));
  await expect(panel(page, code).getByRole("heading", { name: title })).toBeVisible();
  await expect(panel(page, code).getByText("Pending", { exact: true })).toBeVisible();
  await expect(nextStep(page)).toContainText("Approval");
  await expect(panel(page, code).getByText("¥12,000").first()).toBeVisible();
  await expect(panel(page, code).getByText("A knight with a blue cape")).toBeVisible();
  await expect(panel(page, code).getByRole("link", { name: `@${client.handle}` })).toHaveAttribute(
    "href",
    `/${client.handle}`,
  );
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(panel(page, code).getByText("Accepted", { exact: true })).toBeVisible();
  await expect(nextStep(page)).toContainText("Payment");

  // The client pays with their first saved card.
  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(panel(page, code).getByText("Accepted", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(page.getByText("Pays with the Visa ending in 4242")).toBeVisible();
  await expect(page.getByTestId("amount-breakdown")).toContainText("¥12,000");
  // A second tab left open on the unpaid order.
  const stale = await page.context().newPage();
  await stale.goto(`${REQUESTS}?order=${code}`);
  await stale.getByRole("tab", { name: "Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();
  await expect(nextStep(page)).toContainText("Delivery");
  // Paying again from the stale tab is refused with the spec's words, and charges nothing more.
  await stale.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(stale.getByRole("alert")).toHaveText("You have already paid for this commission.");
  await stale.close();

  // The creator uploads the file and delivers.
  await switchTo(page, creator.email);
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(page.getByRole("button", { name: "Deliver" })).toBeDisabled();
  await page.getByRole("tab", { name: "Delivery" }).click();
  // A wrong file goes up first and is deleted (allowed until delivery).
  await page
    .getByLabel("Upload files")
    .setInputFiles({ name: "draft.png", mimeType: "image/png", buffer: pngBytes(4, 4) });
  await expect(page.getByRole("link", { name: "Download draft.png" })).toBeVisible();
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Delete draft.png" }).click();
  await expect(page.getByText("No files yet.")).toBeVisible();
  await page.getByLabel("Upload files").setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(page.getByRole("link", { name: "Download final.png" })).toBeVisible();
  await page.getByRole("button", { name: "Deliver" }).click();
  await expect(panel(page, code).getByText("Delivered", { exact: true }).first()).toBeVisible();
  await expect(nextStep(page)).toContainText("Complete");

  // The client, in Japanese, sees the delivery and downloads the file.
  await switchTo(page, client.email);
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(
    panel(page, code)
      .getByText(message("orders", "ja", "orders_status_delivered"), { exact: true })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: message("orders", "ja", "orders_awaiting_complete") })).toBeDisabled();
  await page.getByRole("tab", { name: message("orders", "ja", "orders_tab_delivery") }).click();
  const download = page.getByRole("link", { name: "final.png をダウンロード" });
  const file = await page.request.get((await download.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");

  // The creator completes.
  await switchTo(page, creator.email);
  // Opened hydrated: Complete asks what it releases first (issue 75), and only a hydrated page asks in a dialog.
  await visit(page, `${MANAGEMENTS}?order=${code}`);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(nextStep(page)).toContainText("Commission was successfully completed.");
  await expect(panel(page, code).getByText("Completed", { exact: true }).first()).toBeVisible();

  // The client sees it completed, with the history of every step.
  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(nextStep(page)).toContainText("Commission was successfully completed.");
  const history = page.getByRole("region", { name: "History" });
  for (const step of ["Approved", "Paid", "File deleted", "Delivered", "Completed"])
    await expect(history.getByText(step, { exact: true })).toBeVisible();
  await expect(history.getByText("File added", { exact: true })).toHaveCount(2);

  // Someone else opening the address gets nothing of it.
  await switchTo(page, stranger.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(page.getByText("This order could not be found.")).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await expect(page.getByRole("article")).toHaveCount(0);
});

test("a form order reads Unsettled until the creator prices it; the client pays through 3-D Secure; a paid order canceled is refunded on both sides", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const client = await signUpWithApi(page);
  // No card yet: Pay is disabled and points at the card page.
  const creator = await newCreator(page);
  const title = `Inquiry ${Date.now().toString(36)}`;
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: null,
    title,
    submitStatus: "FORM_SUBMITTED",
  });

  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(panel(page, code).getByText("Unsettled")).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toBeDisabled();
  await page.getByRole("tab", { name: "Other settings" }).click();
  const price = page.getByRole("region", { name: "Price", exact: true });
  await price.getByRole("button", { name: "Edit" }).click();
  await price.getByLabel("Total price (JPY, tax included)").fill("15000");
  await price.getByRole("button", { name: "Save" }).click();
  await expect(price.getByText("¥15,000")).toBeVisible();
  const schedule = page.getByRole("region", { name: "Schedule", exact: true });
  await schedule.getByRole("button", { name: "Edit" }).click();
  await schedule.getByLabel("Estimated delivery").fill("2030-01-31");
  await schedule.getByRole("button", { name: "Save" }).click();
  await expect(schedule.getByText("January 31, 2030")).toBeVisible();
  await expect(panel(page, code).getByText("¥15,000").first()).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(panel(page, code).getByText("Accepted", { exact: true })).toBeVisible();

  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Add a card" })).toHaveAttribute(
    "href",
    "/dashboard/setting/profile/payment",
  );
  await saveCard(page, "4000 0025 0000 3155");
  await authenticateInPage(page, "complete");
  await expect(page.getByText("Visa ending in 3155")).toBeVisible();

  await page.goto(`${REQUESTS}?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  // 3-D Secure over the order's page (decision 057); then the payment is read from the intent and recorded.
  await authenticateInPage(page, "complete");
  await expect(page).toHaveURL(new RegExp(`${REQUESTS}\\?order=${code}$`));
  await expect(page.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();

  // The creator calls it off: the client is refunded in full, and both see it.
  await switchTo(page, creator.email);
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(nextStep(page)).toContainText("Commission has been canceled.");
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(page.getByTestId("refund-note")).toHaveText(
    "This commission was canceled. Comet refunded the full ¥15,000 to the client's card; no payout is made.",
  );

  await switchTo(page, client.email);
  // The client reads amounts in US dollars: the total is shown approximated in their display currency too.
  const currency = await page.request.post("/api/account/currency", {
    data: { currencyCode: "USD" },
    headers: { "sec-fetch-site": "same-origin", origin: baseURL! },
  });
  expect(currency.status()).toBe(200);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(nextStep(page)).toContainText("Commission has been canceled.");
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(page.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(page.getByTestId("amount-breakdown")).toContainText("¥15,000");
  await expect(page.getByTestId("amount-breakdown")).toContainText("≈ $");
});

test("on a small screen the order panel takes the full width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const title = `Small ${Date.now().toString(36)}`;
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 9_000,
    title,
  });
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  const box = (await panel(page, code).boundingBox())!;
  expect(box.width).toBeGreaterThan(390 * 0.85);
  await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
});
