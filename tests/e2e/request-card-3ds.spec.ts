import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test } from "./fixtures";
import { authenticateInPage, challengeUrl, mainFrameNavigations, threeDSecureDialog } from "./three-d-secure";

/**
 * Issue 33: a card that asks for 3-D Secure, added inside the service modal, leaves the client in the modal, on the
 * request step, with that card chosen and a word that it was saved; the terms box stays ticked. In the page (the
 * emulator's challenge framed over the modal, decision 057), and after a real redirect to the bank and back.
 */
const THREE_D_SECURE_CARD = "4000 0027 6000 3184";
const SAVED = "Your card was saved. Your request will use it.";
/** The local publishable key (wrangler.toml), as the page's card form uses it against the emulator. */
const PUBLISHABLE_KEY = "pk_test_comet_local";

const serviceModal = (page: Page) =>
  page.getByRole("dialog").filter({ has: page.getByRole("list", { name: /steps/i }) });

async function openRequestStep(page: Page) {
  await page.goto("/democreator");
  await page.getByRole("region", { name: "Services" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/democreator\?service=/);
  const modal = serviceModal(page);
  await modal.getByLabel("I accept the terms of service").check();
  await modal.getByRole("button", { name: "Next" }).click();
  await expect(modal.getByRole("listitem").filter({ hasText: "2. Request" })).toHaveAttribute("aria-current", "step");
  return modal;
}

async function enterCard(page: Page, number: string) {
  const modal = serviceModal(page);
  await modal.getByRole("button", { name: "Add a card" }).click();
  await modal.getByLabel("Card number").fill(number);
  await modal.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await modal.getByLabel("Security code (CVC)").fill("123");
  await modal.getByRole("button", { name: "Save card" }).click();
}

test("a 3-D Secure card added in the service modal is confirmed over it and chosen, without leaving the modal", async ({
  page,
}) => {
  await signUpWithApi(page);
  const modal = await openRequestStep(page);
  const serviceUrl = page.url();
  await modal.getByLabel("Commission details").fill("A fox in a lantern-lit forest.");
  const navigations = mainFrameNavigations(page);
  await enterCard(page, THREE_D_SECURE_CARD);
  await authenticateInPage(page, "complete");

  await expect(modal.getByRole("status").filter({ hasText: SAVED })).toBeVisible();
  await expect(modal.getByText("Visa ending in 3184")).toBeVisible();
  await expect(modal.getByRole("listitem").filter({ hasText: "2. Request" })).toHaveAttribute("aria-current", "step");
  await expect(modal.getByLabel("Commission details")).toHaveValue("A fox in a lantern-lit forest.");
  expect(page.url()).toBe(serviceUrl);
  expect(navigations).toEqual([]);
  await modal.getByRole("button", { name: "Back" }).click();
  await expect(modal.getByLabel("I accept the terms of service")).toBeChecked();
});

test("back from a real 3-D Secure redirect, the service modal opens again on its request step with the card saved and chosen", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpWithApi(page);
  await openRequestStep(page);
  const serviceUrl = page.url();
  // Start saving the card in the page, then leave its check unfinished: the setup intent waits for 3-D Secure.
  await enterCard(page, THREE_D_SECURE_CARD);
  const challenge = await challengeUrl(page);
  await threeDSecureDialog(page).getByRole("button", { name: "Close without confirming" }).click();
  const intentId = challenge.pathname.split("/").at(-1)!;
  const clientSecret = challenge.searchParams.get("client_secret")!;

  // A payment method that must redirect (a bank's page, as Elements may meet): the same intent confirmed with this
  // page as its return_url, the way Stripe.js confirms it, and the browser sent to the bank.
  const api = (path: string) => `${challenge.origin}/v1/setup_intents/${intentId}${path}`;
  const headers = { authorization: `Bearer ${PUBLISHABLE_KEY}` };
  const intent = await (
    await page.request.get(api(`?client_secret=${encodeURIComponent(clientSecret)}`), { headers })
  ).json();
  const confirmed = await page.request.post(api("/confirm"), {
    headers,
    form: { client_secret: clientSecret, payment_method: intent.payment_method, return_url: serviceUrl },
  });
  const redirect = (await confirmed.json()).next_action.redirect_to_url.url as string;
  await page.goto(redirect);
  await page.getByRole("button", { name: /complete/i }).click();

  // Back on the creator's page: the modal, its request step, the card saved and chosen, and the query dropped.
  const modal = serviceModal(page);
  await expect(modal.getByRole("listitem").filter({ hasText: "2. Request" })).toHaveAttribute("aria-current", "step");
  await expect(modal.getByRole("status").filter({ hasText: SAVED })).toBeVisible();
  await expect(modal.getByText("Visa ending in 3184")).toBeVisible();
  await expect(page).toHaveURL(serviceUrl);
  await modal.getByRole("button", { name: "Back" }).click();
  await expect(modal.getByLabel("I accept the terms of service")).toBeChecked();
});
