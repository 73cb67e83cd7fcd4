import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test, visit } from "./fixtures";
import { insertOrder, insertService, orderMoney } from "./order-fixtures";
import { newCreator, saveCard, sendRequest, switchTo } from "./order-steps";
import { pngBytes } from "./png";

/**
 * Milestones from end to end (issue 36, decision 073), as a client and a creator would live them, with the money
 * checked where it is (the Stripe emulator, through the Worker's own client):
 * - a three-stage order from the request to completion: three previews, one revision, each approval releasing its
 *   stage's share to the creator exactly once, the watermarked copy until completion and the original after it;
 * - an order cancelled after its first stage: 70% goes back to the client's card, 30% stays with the creator.
 * Each order page is opened until it has hydrated (`visit`): the approval asks to confirm through React, and a click
 * before hydration posted the form without asking (CI i49f).
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const WALLET = "/dashboard/creator/wallet";
const PLAN = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Line art", sharePercent: 30, includedRevisions: 0 },
  { title: "Colour", sharePercent: 40, includedRevisions: 0 },
];
/**
 * What each stage of ¥10,000 releases: its amount less the platform's fee on it (money.ts: tax 1/11, fee 10.36% of
 * the sales): ¥3,000 → ¥2,744, ¥3,000 → ¥2,744, ¥4,000 → ¥3,659.
 */
const STAGE_TRANSFERS = [2744, 2744, 3659];

const stage = (page: Page, n: number) => page.getByTestId(`stage-${n}`);
const stateOf = (page: Page, n: number) => stage(page, n).getByTestId("stage-state");
const nextStep = (page: Page) => page.getByTestId("next-step");

/** The creator's payouts set up at the emulator's onboarding page, so each approval's transfer can go at once. */
async function setUpPayouts(page: Page) {
  await page.goto(WALLET);
  await page.getByRole("button", { name: "Set up payouts" }).click();
  await page.getByRole("button", { name: "Complete onboarding" }).click();
  await expect(page).toHaveURL(new RegExp(`${WALLET}\\?onboarding=return$`));
}

/** The creator posts the preview of stage `n` (1-based) through the timeline's upload. */
async function postPreview(page: Page, n: number, title: string, file: string) {
  await page
    .getByLabel(`Preview files for “${title}”`)
    .setInputFiles({ name: file, mimeType: "image/png", buffer: pngBytes(64, 48) });
  await page.getByRole("button", { name: "Post preview" }).click();
  await expect(stateOf(page, n)).toHaveText("Awaiting the client's review");
}

/** The client approves stage `n`, confirming the amount it releases. */
async function approve(page: Page, n: number, confirm: string) {
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await stage(page, n).getByRole("button", { name: "Approve this stage" }).click();
  await expect(stateOf(page, n)).toHaveText("Approved");
  expect(asked).toBe(confirm);
}

/** The client pays the approved order with their saved card, from the Payment tab. */
async function pay(page: Page, code: string) {
  await visit(page, `${REQUESTS}?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("button", { name: "Awaiting the creator's preview" })).toBeVisible();
}

test("a three-stage order from the request to completion: three previews, one revision, each approval paying its stage once", async ({
  page: client,
  browser,
}) => {
  test.setTimeout(300_000);
  // Each party in a browser of their own, signed in once (sign-in codes are rate-limited per address).
  const clientUser = await signUpWithApi(client);
  await saveCard(client, "4242 4242 4242 4242");
  await expect(client.getByText("Visa ending in 4242")).toBeVisible();
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const creatorUser = await newCreator(creator);
  await setUpPayouts(creator);
  const title = `Milestones ${Date.now().toString(36)}`;
  const service = await insertService({ sellerEmail: creatorUser.email, title, priceAmount: 10_000, stagePlan: PLAN });

  // The client requests it from the creator's page, and reads the plan before sending.
  await client.goto(`/${creatorUser.handle}?service=${service.id}`);
  const modal = client.getByRole("dialog");
  await expect(modal).toContainText("Sketch 30% · Line art 30% · Colour 40%");
  await sendRequest(modal);
  await client.goto(REQUESTS);
  await client.getByRole("link", { name: new RegExp(title) }).click();
  await expect(client).toHaveURL(/order=/);
  const code = new URL(client.url()).searchParams.get("order")!;
  await expect(stateOf(client, 1)).toHaveText("Upcoming");
  expect(clientUser.email).not.toBe(creatorUser.email);

  // The creator approves; the client pays the whole price once.
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await creator.getByRole("button", { name: "Approve" }).click();
  await expect(nextStep(creator)).toContainText("Payment");
  await pay(client, code);
  await expect(nextStep(client)).toContainText("Stage 1 of 3: awaiting the creator's preview");

  // Stage 1: a preview, a revision with a comment, a second preview, the approval.
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await expect(creator.getByRole("button", { name: "Deliver" })).toBeDisabled();
  await postPreview(creator, 1, "Sketch", "sketch.png");

  await visit(client, `${REQUESTS}?order=${code}`);
  // The client sees the watermarked copy, never the original, until the order completes.
  const sketch = stage(client, 1).getByRole("img", { name: "sketch.png" });
  await expect(sketch).toBeVisible();
  const copy = await client.request.get((await sketch.getAttribute("src"))!);
  expect(copy.status()).toBe(200);
  expect(copy.headers()["content-type"]).toBe("image/jpeg");
  await stage(client, 1).getByRole("button", { name: "Request a revision" }).click();
  await stage(client, 1).getByLabel("What should change?").fill("A softer pose, please.");
  await stage(client, 1).getByRole("button", { name: "Send the revision request" }).click();
  await expect(stateOf(client, 1)).toHaveText("Revision requested");

  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await expect(stage(creator, 1).getByTestId("revision-notes")).toContainText("A softer pose, please.");
  // The chat keeps the same timeline as system lines, in the reader's language.
  const chat = creator.getByRole("log", { name: "Messages" });
  await expect(chat.getByText("Preview for Stage 1 (Sketch) posted")).toBeVisible();
  await expect(chat.getByText("Revision requested for Stage 1 (Sketch)")).toBeVisible();
  await postPreview(creator, 1, "Sketch", "sketch-2.png");

  await visit(client, `${REQUESTS}?order=${code}`);
  await approve(client, 1, "Approve Sketch? This releases ¥3,000 to the creator.");
  await expect(stateOf(client, 2)).toHaveText("In progress");
  await expect.poll(async () => (await orderMoney(code)).transfers.map((t) => t.amount)).toEqual([STAGE_TRANSFERS[0]]);

  // Stages 2 and 3: a preview each, approved.
  for (const [n, name, amount] of [
    [2, "Line art", "¥3,000"],
    [3, "Colour", "¥4,000"],
  ] as const) {
    await visit(creator, `${MANAGEMENTS}?order=${code}`);
    await postPreview(creator, n, name, `stage-${n}.png`);
    await visit(client, `${REQUESTS}?order=${code}`);
    await approve(client, n, `Approve ${name}? This releases ${amount} to the creator.`);
  }

  // Every stage approved: the creator delivers the final file and completes.
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await creator.getByRole("tab", { name: "Delivery" }).click();
  await creator
    .getByLabel("Upload files")
    .setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(creator.getByRole("link", { name: "Download final.png" })).toBeVisible();
  await creator.getByRole("button", { name: "Deliver" }).click();
  await expect(nextStep(creator)).toContainText("Complete");
  // Complete asks what it releases first (issue 75).
  creator.once("dialog", (dialog) => void dialog.accept());
  await creator.getByRole("button", { name: "Complete" }).click();
  await expect(nextStep(creator)).toContainText("Commission was successfully completed.");

  // The client now gets the originals.
  await visit(client, `${REQUESTS}?order=${code}`);
  const original = await client.request.get(
    (await stage(client, 1).getByRole("img", { name: "sketch.png" }).getAttribute("src"))!,
  );
  expect(original.status()).toBe(200);
  expect(original.headers()["content-type"]).toBe("image/png");

  // At Stripe: one charge of the whole price, nothing refunded, one transfer per stage of its share less the fee.
  const money = await orderMoney(code);
  expect(money.charges).toEqual([{ captured: 10_000, refunded: 0 }]);
  expect(money.transfers.map((t) => t.amount).sort()).toEqual([...STAGE_TRANSFERS].sort());
  await creatorContext.close();
});

test("an order cancelled after its first stage: 70% goes back to the client's card, the approved 30% stays with the creator", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const client = await signUpWithApi(page);
  await saveCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  const creator = await newCreator(page);
  await setUpPayouts(page);
  const title = `Cancelled milestones ${Date.now().toString(36)}`;
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 10_000,
    title,
    stagePlan: PLAN,
  });

  await visit(page, `${MANAGEMENTS}?order=${code}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(nextStep(page)).toContainText("Payment");
  await switchTo(page, client.email);
  await pay(page, code);

  await switchTo(page, creator.email);
  await visit(page, `${MANAGEMENTS}?order=${code}`);
  await postPreview(page, 1, "Sketch", "sketch.png");
  await switchTo(page, client.email);
  await visit(page, `${REQUESTS}?order=${code}`);
  await approve(page, 1, "Approve Sketch? This releases ¥3,000 to the creator.");

  // The creator calls the order off: the prompt names the split, and the order ends with its money.
  await switchTo(page, creator.email);
  await visit(page, `${MANAGEMENTS}?order=${code}`);
  let prompt = "";
  page.once("dialog", (dialog) => {
    prompt = dialog.message();
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(nextStep(page)).toContainText("Commission has been canceled.");
  expect(prompt).toContain("¥7,000");
  expect(prompt).toContain("¥3,000");
  await expect(
    page
      .getByRole("log", { name: "Messages" })
      .getByText("Order canceled: ¥7,000 refunded, ¥3,000 kept for approved stages"),
  ).toBeVisible();

  // At Stripe: the charge of ¥10,000 is refunded ¥7,000, once; the approved stage's transfer is the only one.
  await expect.poll(async () => (await orderMoney(code)).charges).toEqual([{ captured: 10_000, refunded: 7_000 }]);
  expect((await orderMoney(code)).transfers.map((t) => t.amount)).toEqual([STAGE_TRANSFERS[0]]);

  // The client reads the split on the Payment tab.
  await switchTo(page, client.email);
  await visit(page, `${REQUESTS}?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("¥7,000");
});
