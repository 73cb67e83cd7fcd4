import type { Page } from "@playwright/test";
import { yen, type Locale } from "./deposit-steps";
import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertOrder, insertService, orderMoney } from "./order-fixtures";
import { newCreator, pageInNewContext, saveCard, sendRequest, switchToJapanese } from "./order-steps";
import { pngBytes } from "./png";
import { authenticateInPage } from "./three-d-secure";

/**
 * Paying a milestone plan stage by stage (issue 63, decision 101), walked by a client and a creator, with the money
 * checked at the Stripe emulator. A plan of two stages, half the ¥10,000 each (¥5,000 and ¥5,000):
 * - in English, with a card that just pays: the creator approves choosing stage by stage; the client pays stage 1 and
 *   only stage 1; the creator posts its preview, the client approves it, and stage 2 is charged to the same card by
 *   itself (the part shows paid after a reload); stage 2's preview, its approval, the delivery and the download;
 * - in Japanese at 375 px, with a card whose bank asks for 3-D Secure on every payment made in the page and refuses
 *   any made without the client: stage 1 paid through 3-D Secure in the page; stage 2's off-session charge is refused,
 *   so the client is told why and may stop there, the creator reads that the stage waits for the payment (no Post
 *   preview), and the client pays stage 2 in the page through 3-D Secure, which gives the creator the preview back.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const TOTAL = 10_000;
const PLAN = [
  { title: "Sketch", sharePercent: 50, includedRevisions: 1 },
  { title: "Final", sharePercent: 50, includedRevisions: 0 },
];
/** Each stage's part: half of ¥10,000. */
const PART = TOTAL / 2;

const stage = (page: Page, n: number) => page.getByTestId(`stage-${n}`);
const part = (page: Page, n: number) => page.getByTestId("order-parts").locator(`[data-part="stage-${n}"]`);
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((said, [key, value]) => said.replace(`{${key}}`, value), text);

function wordsOf(locale: Locale) {
  const say = (key: string, values: Record<string, string> = {}) => fill(message("orders", locale, key), values);
  return say;
}

/** The creator approves choosing stage by stage; the hint names what the client pays now. */
async function approveByStage(creator: Page, code: string, locale: Locale) {
  const say = wordsOf(locale);
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  const payment = creator.getByTestId("approve-payment");
  await expect(payment.getByRole("radio", { name: say("orders_by_stage_at_once") })).toBeChecked();
  await expect(payment).toContainText(say("orders_by_stage_hint", { amount: yen(PART) }));
  await payment.getByRole("radio", { name: say("orders_by_stage_choice") }).check();
  await creator.getByRole("button", { name: say("orders_approve"), exact: true }).click();
  await expect(creator.getByTestId("next-step")).toContainText(say("orders_step_payment"));
  await expect(creator.getByRole("article")).toContainText(say("orders_by_stage_fact"));
}

/** The creator posts the preview of stage `n` (1-based) through the timeline's upload. */
async function postPreview(creator: Page, code: string, n: number, locale: Locale) {
  const say = wordsOf(locale);
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await expect(stage(creator, n).getByTestId("stage-part")).toHaveAttribute("data-status", "paid");
  await creator
    .getByLabel(say("orders_stage_preview_label", { stage: PLAN[n - 1]!.title }))
    .setInputFiles({ name: `stage-${n}.png`, mimeType: "image/png", buffer: pngBytes(64, 48) });
  await creator.getByRole("button", { name: say("orders_stage_preview_submit") }).click();
  await expect(stage(creator, n).getByTestId("stage-state")).toHaveText(say("orders_stage_state_in_review_seller"));
}

/** The client approves stage `n`, confirming the amount it releases. */
async function approveStage(client: Page, code: string, n: number, locale: Locale) {
  const say = wordsOf(locale);
  await visit(client, `${REQUESTS}?order=${code}`);
  let asked = "";
  client.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await stage(client, n)
    .getByRole("button", { name: say("orders_stage_approve") })
    .click();
  await expect(stage(client, n).getByTestId("stage-state")).toHaveText(say("orders_stage_state_approved"));
  // The title as the client reads it (translated for a reader of another language), then the stage's own amount.
  const afterTitle = message("orders", locale, "orders_stage_approve_confirm").split("{title}")[1]!;
  expect(asked.endsWith(fill(afterTitle, { amount: yen(PART) }))).toBe(true);
  if (locale === "en")
    expect(asked).toBe(say("orders_stage_approve_confirm", { title: PLAN[n - 1]!.title, amount: yen(PART) }));
}

const chargesOf = async (code: string) =>
  (await orderMoney(code)).charges.sort((a, b) => a.captured - b.captured || a.refunded - b.refunded);

test("en: approved stage by stage, stage 1 paid, stage 2 charged by itself once stage 1 is approved, then delivered", async ({
  page: client,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const say = wordsOf("en");
  await signUpWithApi(client);
  await saveCard(client, "4242 4242 4242 4242");
  await expect(client.getByText("Visa ending in 4242")).toBeVisible();
  const creator = await pageInNewContext(browser, baseURL!, "203.0.113.171");
  const creatorUser = await newCreator(creator);
  const title = `By stage ${Date.now().toString(36)}`;
  const service = await insertService({ sellerEmail: creatorUser.email, title, priceAmount: TOTAL, stagePlan: PLAN });

  // The client requests the service, reading the plan before sending.
  await client.goto(`/${creatorUser.handle}?service=${service.id}`);
  const modal = client.getByRole("dialog");
  await expect(modal).toContainText("Sketch 50% · Final 50%");
  await sendRequest(modal);
  await client.goto(REQUESTS);
  await client.getByRole("link", { name: new RegExp(title) }).click();
  await expect(client).toHaveURL(/order=/);
  const code = new URL(client.url()).searchParams.get("order")!;
  // Before the approval says how it is paid, the client's page shows no parts.
  await client.getByRole("tab", { name: "Payment" }).click();
  await expect(client.getByTestId("order-parts")).toHaveCount(0);
  await expect(stage(client, 1).getByTestId("stage-part")).toHaveCount(0);

  await approveByStage(creator, code, "en");

  // The client reads each stage's part and pays stage 1, and only stage 1.
  await visit(client, `${REQUESTS}?order=${code}`);
  await expect(client.getByRole("article")).toContainText("Paid stage by stage");
  await client.getByRole("tab", { name: "Payment" }).click();
  await expect(part(client, 1)).toHaveAttribute("data-status", "due");
  await expect(part(client, 1)).toContainText(yen(PART));
  await expect(part(client, 2)).toHaveAttribute("data-status", "upcoming");
  await expect(part(client, 2)).toContainText("Due when the stage starts");
  await client.getByTestId("pay-section").getByRole("button", { name: "Pay", exact: true }).click();
  await expect(client.getByRole("button", { name: say("orders_awaiting_stage_preview") })).toBeVisible();
  await expect.poll(() => chargesOf(code)).toEqual([{ captured: PART, refunded: 0 }]);
  await expect(stage(client, 1).getByTestId("stage-part")).toHaveText(`${yen(PART)} · Paid`);
  await expect(stage(client, 2).getByTestId("stage-part")).toHaveText(`${yen(PART)} · Due when the stage starts`);

  // Stage 1's preview, approved; stage 2 is then charged to the same card by itself.
  await postPreview(creator, code, 1, "en");
  await approveStage(client, code, 1, "en");
  await expect
    .poll(() => chargesOf(code))
    .toEqual([
      { captured: PART, refunded: 0 },
      { captured: PART, refunded: 0 },
    ]);
  await client.reload();
  await client.getByRole("tab", { name: "Payment" }).click();
  await expect(part(client, 2)).toHaveAttribute("data-status", "paid");
  await expect(client.getByTestId("rest-due")).toHaveCount(0);

  // Stage 2's preview, approved; the creator delivers; the client downloads.
  await postPreview(creator, code, 2, "en");
  await approveStage(client, code, 2, "en");
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await creator.getByRole("tab", { name: "Delivery" }).click();
  await creator
    .getByLabel("Upload files")
    .setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(creator.getByRole("link", { name: "Download final.png" })).toBeVisible();
  await creator.getByRole("button", { name: "Deliver", exact: true }).click();
  await expect(creator.getByTestId("next-step")).toContainText("Complete");

  await visit(client, `${REQUESTS}?order=${code}`);
  await client.getByRole("tab", { name: "Delivery" }).click();
  const file = await client.request.get(
    (await client.getByRole("link", { name: "Download final.png" }).getAttribute("href"))!,
  );
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  await client.getByRole("tab", { name: "Payment" }).click();
  await expect(part(client, 1)).toHaveAttribute("data-status", "paid");
  await expect(part(client, 2)).toHaveAttribute("data-status", "paid");
  await expectAccessible(client);
  // Two charges, a stage each, nothing given back.
  expect(await chargesOf(code)).toEqual([
    { captured: PART, refunded: 0 },
    { captured: PART, refunded: 0 },
  ]);
  await creator.context().close();
});

test("ja at 375 px: stage 2's charge refused for 3-D Secure, the creator waits, the client pays it in the page", async ({
  page: client,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const locale = "ja";
  const say = wordsOf(locale);
  await client.setViewportSize({ width: 375, height: 900 });
  const clientUser = await signUpWithApi(client);
  await saveCard(client, "4000 0027 6000 3184");
  await authenticateInPage(client, "complete");
  await expect(client.getByText("Visa ending in 3184")).toBeVisible();
  await switchToJapanese(client);
  const creator = await pageInNewContext(browser, baseURL!, "203.0.113.172");
  const creatorUser = await newCreator(creator);
  await switchToJapanese(creator);
  const { code } = await insertOrder({
    sellerEmail: creatorUser.email,
    buyerEmail: clientUser.email,
    priceAmount: TOTAL,
    title: `By stage 3DS ${Date.now().toString(36)}`,
    stagePlan: PLAN,
  });

  await approveByStage(creator, code, locale);

  // Stage 1, through 3-D Secure in the page.
  await visit(client, `${REQUESTS}?order=${code}`);
  await client.getByRole("tab", { name: say("orders_tab_payment") }).click();
  await client
    .getByTestId("pay-section")
    .getByRole("button", { name: say("orders_pay"), exact: true })
    .click();
  await authenticateInPage(client, "complete", locale);
  await expect(client.getByRole("button", { name: say("orders_awaiting_stage_preview") })).toBeVisible();
  await expect.poll(() => chargesOf(code)).toEqual([{ captured: PART, refunded: 0 }]);

  await postPreview(creator, code, 1, locale);
  await approveStage(client, code, 1, locale);

  // Stage 2's charge without the client is refused (the bank wants them): the client is told why, and may stop here.
  const why = say("orders_stage_due_authentication", { n: "2" });
  await expect(async () => {
    await visit(client, `${REQUESTS}?order=${code}`);
    await expect(client.getByTestId("next-step")).toContainText(say("orders_step_stage_payment_buyer", { n: "2" }));
    await client.getByRole("button", { name: say("orders_review_and_pay_stage", { n: "2" }) }).click();
    await expect(client.getByTestId("rest-due")).toHaveText(why, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(part(client, 2)).toHaveAttribute("data-status", "due");
  await expect(client.getByTestId("pay-section")).toContainText(
    say("orders_pay_stage_amount", { n: "2", amount: yen(PART) }),
  );
  await expect(client.getByRole("button", { name: say("orders_stage_cancel") })).toBeVisible();
  await expect(client.getByText(say("orders_stage_cancel_hint", { n: "2", kept: yen(PART) }))).toBeVisible();
  await expect(stage(client, 2).getByTestId("stage-part")).toHaveAttribute("data-status", "due");
  await expectAccessible(client);
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The creator reads that stage 2 waits for the client's payment, and is offered no Post preview.
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await expect(creator.getByTestId("next-step")).toContainText(say("orders_step_stage_payment_seller", { n: "2" }));
  await expect(stage(creator, 2).getByTestId("stage-awaits-payment")).toBeVisible();
  await expect(creator.getByRole("button", { name: say("orders_stage_preview_submit") })).toHaveCount(0);

  // The client pays stage 2 in the page, through 3-D Secure on the same card.
  await client
    .getByTestId("pay-section")
    .getByRole("button", { name: say("orders_pay_stage", { n: "2" }) })
    .click();
  await authenticateInPage(client, "complete", locale);
  await expect(client.getByTestId("rest-due")).toHaveCount(0);
  await expect
    .poll(() => chargesOf(code))
    .toEqual([
      { captured: PART, refunded: 0 },
      { captured: PART, refunded: 0 },
    ]);
  await client.getByRole("tab", { name: say("orders_tab_payment") }).click();
  await expect(part(client, 2)).toHaveAttribute("data-status", "paid");
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The creator may post stage 2's preview now.
  await creator.reload();
  await expect(stage(creator, 2).getByTestId("stage-awaits-payment")).toHaveCount(0);
  await expect(creator.getByRole("button", { name: say("orders_stage_preview_submit") })).toBeVisible();
  await creator.context().close();
});

test("a plan whose first stage falls below a charge: stage by stage is refused in words, and the choice stays", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  // ¥150 split 30/70: stage 1 would be a charge of ¥45, under Stripe's ¥50.
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 150,
    title: `Too small by stage ${Date.now().toString(36)}`,
    stagePlan: [
      { title: "Sketch", sharePercent: 30, includedRevisions: 0 },
      { title: "Final", sharePercent: 70, includedRevisions: 0 },
    ],
  });
  await visit(page, `${MANAGEMENTS}?order=${code}`);
  const payment = page.getByTestId("approve-payment");
  const byStage = payment.getByRole("radio", { name: "Charge each stage when it starts" });
  await byStage.check();
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(payment.getByRole("alert")).toHaveText(
    message("order-server", "en", "order_server_error_by_stage_invalid"),
  );
  await expect(byStage).toBeChecked();
  await expect(page.getByTestId("next-step")).toContainText("Approval");
});
