import type { CDPSession, Page } from "@playwright/test";
import { expect, expectAccessible, signInWithApi, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertService } from "./order-fixtures";
import { pngBytes } from "./png";

/**
 * Sending a request (issue 10), as a new client would: the service modal's three steps from a creator's page, and
 * the form page /cf/{code}; every refusal in the user's language, and answers never lost on an error.
 */

async function addCardInPlace(page: Page) {
  await page.getByRole("button", { name: "Add a card" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
}

/** Slows uploads (bytes per second) through DevTools' network conditions; -1 lifts the limit. */
async function throttleUploads(cdp: CDPSession, bytesPerSecond: number) {
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function answerRequired(page: Page) {
  await page
    .getByLabel("References and files: Add files")
    .setInputFiles({ name: "reference.png", mimeType: "image/png", buffer: pngBytes() });
  // Uploaded: the file is among the answer's (its progress row shows the name before that).
  await expect(page.getByRole("button", { name: "Remove reference.png" })).toBeVisible();
  await page.getByRole("group", { name: /Usage/ }).getByLabel("Personal use").check();
  await page
    .getByRole("group", { name: /Publication rules/ })
    .getByLabel("Yes")
    .check();
}

test("a client requests a service from its creator's page: details and terms, answers and a card, then done", async ({
  page,
}) => {
  await signUpWithApi(page);
  await visit(page, "/democreator");
  await page.getByRole("region", { name: "Services" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/democreator\?service=/);
  const serviceUrl = page.url();
  const modal = page.getByRole("dialog");
  await expect(modal.getByRole("listitem").filter({ hasText: "1. Details" })).toHaveAttribute("aria-current", "step");
  await expectAccessible(page);

  // Details: the terms first.
  await modal.getByRole("button", { name: "Next" }).click();
  await expect(modal.getByRole("alert").filter({ hasText: "Please accept the terms and service" })).toBeVisible();
  await modal.getByLabel("I accept the terms of service").check();
  await modal.getByRole("button", { name: "Next" }).click();

  // The request: nothing answered yet.
  await modal.getByLabel("Commission details").fill("A knight with a red cape, smiling.");
  await modal.getByRole("button", { name: "Send request" }).click();
  await expect(modal.getByRole("alert").filter({ hasText: "Please fill in all required fields" })).toBeVisible();
  await expect(modal.getByText("This field is required.")).toHaveCount(3);
  await expectAccessible(page);

  // A request sent while a file is still on its way is held back, in words: it would go without the file.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await throttleUploads(cdp, 60_000);
  await page.getByLabel("References and files: Add files").setInputFiles({
    name: "sketch.png",
    mimeType: "image/png",
    buffer: Buffer.concat([pngBytes(8, 8), Buffer.alloc(600_000)]),
  });
  await expect(modal.getByRole("progressbar", { name: "sketch.png" })).toBeVisible();
  await modal.getByRole("button", { name: "Send request" }).click();
  await expect(
    modal.getByRole("alert").filter({ hasText: "Your files are still uploading. Send the request once they're done." }),
  ).toBeVisible();
  await throttleUploads(cdp, -1);
  await expect(page.getByRole("button", { name: "Remove sketch.png" })).toBeVisible();

  await answerRequired(page);
  await modal.getByLabel("I understand that sending a request does not guarantee the creator will accept it.").check();
  await modal.getByRole("button", { name: "Send request" }).click();
  await expect(
    modal.getByRole("alert").filter({ hasText: "Please register a payment card before sending your request." }),
  ).toBeVisible();

  // A card added in place keeps every answer typed so far.
  await addCardInPlace(page);
  await expect(modal.getByLabel("Commission details")).toHaveValue("A knight with a red cape, smiling.");
  await modal.getByRole("button", { name: "Send request" }).click();
  await expect(modal.getByRole("heading", { name: "Thank you for your request!" })).toBeVisible();
  await modal.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/client\/requests$/);

  // The request is an order waiting for the creator, with what the client answered.
  await page
    .getByRole("link", { name: /Character illustration/ })
    .first()
    .click();
  const order = page.getByRole("article");
  await expect(order.getByText("Pending", { exact: true })).toBeVisible();
  await expect(order.getByText("A knight with a red cape, smiling.")).toBeVisible();
  // The usage answered, and the licence it grants as a term of the order (issue 63).
  await expect(order.getByRole("listitem").filter({ hasText: /^Personal use$/ })).toBeVisible();
  await expect(order.getByTestId("order-licence")).toHaveText("Personal use");
  // The reference file reaches the order by its own name (issue 33); the form's notice blocks are notes, not
  // questions reading 'No answer'.
  await expect(order.getByRole("link", { name: "reference.png" })).toBeVisible();
  await expect(order.getByRole("heading", { name: message("orders", "en", "orders_form_notes") })).toBeVisible();
  await expectAccessible(page);

  // The same service again: already sent.
  await page.goto(serviceUrl);
  await expect(page.getByRole("dialog").getByRole("button", { name: "You have already sent" })).toBeDisabled();
});

test("a signed-out visitor is asked to sign up or log in; the form page works in Japanese and keeps answers on an error", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto("/democreator");
  await page.getByRole("region", { name: "Services" }).getByRole("link").first().click();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Sign up to request" })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Log in" })).toBeVisible();

  await signUpWithApi(page);
  await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto("/democreator");
  const formLink = page
    .getByRole("region", { name: message("catalog", "ja", "catalog_profile_forms") })
    .getByRole("link")
    .first();
  await formLink.click();
  await expect(page).toHaveURL(/\/cf\//);
  await page.getByRole("textbox", { name: "1. 依頼内容" }).fill("赤いマントの騎士");
  await page.getByRole("button", { name: message("requests", "ja", "requests_send") }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: message("requests", "ja", "requests_error_required") }),
  ).toBeVisible();
  await expect(page.getByText(message("requests", "ja", "requests_field_required")).first()).toBeVisible();
  await expect(page.getByRole("textbox", { name: "1. 依頼内容" })).toHaveValue("赤いマントの騎士");
  await expectAccessible(page);

  // Reloading keeps the draft too.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "1. 依頼内容" })).toHaveValue("赤いマントの騎士");
});

test("from the request to the creator's approval: the creator is told, reads it in Managements and approves; the client sees it accepted", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const creator = await signUpWithApi(page);
  await page.goto("/dashboard/creator/home");
  await page.getByRole("button", { name: "Become a creator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);
  const title = `Chibi ${Date.now().toString(36)}`;
  const { id: serviceId } = await insertService({ sellerEmail: creator.email, title, priceAmount: 9_000 });

  await page.context().clearCookies();
  const client = await signUpWithApi(page);
  await page.goto(`/${creator.handle}?service=${serviceId}`);
  const modal = page.getByRole("dialog");
  await expect(modal.getByRole("heading", { name: title })).toBeVisible();
  await modal.getByLabel("I accept the terms of service").check();
  await modal.getByRole("button", { name: "Next" }).click();
  await expect(modal.getByText("This service asks no questions.", { exact: false })).toBeVisible();
  await addCardInPlace(page);
  await modal.getByLabel("I understand that sending a request does not guarantee the creator will accept it.").check();
  await modal.getByRole("button", { name: "Send request" }).click();
  await expect(modal.getByRole("heading", { name: "Thank you for your request!" })).toBeVisible();

  // The creator: the bell says so, and the order waits in Managements.
  await page.context().clearCookies();
  await signInWithApi(page, creator.email);
  await page.goto("/dashboard/commission/managements");
  await expect(page.getByRole("button", { name: /Notifications \(1 unread\)/ })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(title) }).click();
  const order = page.getByRole("article");
  await expect(order.getByText("Pending", { exact: true })).toBeVisible();
  await expect(order.getByRole("link", { name: `@${client.handle}` })).toBeVisible();
  await expect(order.getByText("¥9,000").first()).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(order.getByText("Accepted", { exact: true })).toBeVisible();

  // The client sees it accepted, ready to pay.
  await page.context().clearCookies();
  await signInWithApi(page, client.email);
  await page.goto("/dashboard/commission/client/requests");
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page.getByRole("article").getByText("Accepted", { exact: true })).toBeVisible();
  await expect(page.getByTestId("next-step")).toContainText("Payment");
});
