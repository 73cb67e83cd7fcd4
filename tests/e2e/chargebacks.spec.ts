import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, hydrated, signInWithApi, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertService } from "./order-fixtures";
import { newCreator, saveCard, sendRequest, switchToJapanese } from "./order-steps";
import { pngBytes } from "./png";

/**
 * A chargeback fought with the order's record (issue 64, decision 103), through the Stripe emulator's dispute test card
 * and the Worker's webhooks: the English-reading client saves 4000 0000 0000 0259 and pays a ¥10,000 order; the bank
 * disputes the charge a moment later; the client reads on the order that the creator's payouts wait and that Comet is
 * asked first, with the terms' section a link away; the Japanese-reading creator delivers and reads it in Japanese. The
 * demo admin finds it beside Comet's own disputes with its due date, opens it, reviews the request, the chat and the
 * delivery, and submits the evidence to Stripe: the page says when, and Stripe's review follows.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const DISPUTE_CARD = "4000 0000 0000 0259";
const CLIENT_LINE = "A fox in the snow at dusk, please.";
const en = (key: string) => message("chargebacks", "en", key);
const ja = (key: string) => message("chargebacks", "ja", key);
const jaOrders = (key: string) => message("orders", "ja", key);
const banner = (page: Page) => page.getByTestId("order-chargeback");

/** Opens the order again until the webhook's chargeback shows on it (the bank acts a moment after the charge). */
async function untilBanner(page: Page, path: string) {
  await expect(async () => {
    await visit(page, path);
    await expect(banner(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test("a client's bank disputes the payment: both parties are told, and an admin sends the order's record to Stripe", async ({
  page: client,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signUpWithApi(client);
  await saveCard(client, DISPUTE_CARD);
  await expect(client.getByText("Visa ending in 0259")).toBeVisible();
  const creatorContext = await browser.newContext({ baseURL });
  const creator = await creatorContext.newPage();
  const creatorUser = await newCreator(creator);
  const title = `Chargeback ${Date.now().toString(36)}`;
  const service = await insertService({ sellerEmail: creatorUser.email, title, priceAmount: 10_000 });

  // The request, its approval, a word in the chat and the payment, as every order goes.
  await visit(client, `/${creatorUser.handle}?service=${service.id}`);
  await sendRequest(client.getByRole("dialog"));
  await client.goto(REQUESTS);
  await client.getByRole("link", { name: new RegExp(title) }).click();
  await expect(client).toHaveURL(/order=/);
  const code = new URL(client.url()).searchParams.get("order")!;
  const clientOrder = `${REQUESTS}?order=${code}`;
  const creatorOrder = `${MANAGEMENTS}?order=${code}`;
  await visit(creator, creatorOrder);
  await creator.getByRole("button", { name: "Approve" }).click();
  await expect(creator.getByTestId("next-step")).toContainText("Payment");
  await visit(client, clientOrder);
  const chatInput = client.getByRole("region", { name: "Messages" }).getByRole("textbox");
  await chatInput.fill(CLIENT_LINE);
  await chatInput.press("Enter");
  await expect(chatInput).toHaveValue("");
  await client.getByRole("tab", { name: "Payment" }).click();
  await client.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(client.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();

  // The bank disputes the charge: the client reads what it does and that Comet is asked first.
  await untilBanner(client, clientOrder);
  await expect(banner(client).getByRole("heading", { name: en("chargebacks_banner_heading_open") })).toBeVisible();
  await expect(banner(client)).toContainText("¥10,000");
  await expect(banner(client)).toContainText(en("chargebacks_reason_fraudulent"));
  await expect(banner(client)).toContainText(en("chargebacks_banner_buyer_open"));
  await expectAccessible(client);
  await banner(client).getByRole("link", { name: "How chargebacks are handled" }).click();
  await expect(client).toHaveURL(/\/terms\/clients#chargebacks$/);
  await expect(client.getByRole("heading", { name: "8. Chargebacks" })).toBeVisible();

  // The creator, reading Comet in Japanese, delivers and reads the chargeback in their words.
  await switchToJapanese(creator);
  await visit(creator, creatorOrder);
  await expect(banner(creator).getByRole("heading", { name: ja("chargebacks_banner_heading_open") })).toBeVisible();
  await expect(banner(creator)).toContainText(ja("chargebacks_banner_seller_open"));
  await expect(banner(creator)).toContainText(ja("chargebacks_reason_fraudulent"));
  await expectAccessible(creator);
  await creator.getByRole("tab", { name: jaOrders("orders_tab_delivery") }).click();
  await creator
    .getByLabel(jaOrders("orders_deliverables_upload"))
    .setInputFiles({ name: "fox.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(
    creator.getByRole("link", { name: jaOrders("orders_deliverables_download").replace("{name}", "fox.png") }),
  ).toBeVisible();
  await creator.getByRole("button", { name: jaOrders("orders_deliver"), exact: true }).click();
  await expect(
    creator.getByRole("article").getByText(jaOrders("orders_status_delivered"), { exact: true }).first(),
  ).toBeVisible();

  // The admin finds it beside the disputes with its due date, reviews the record and submits it.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInWithApi(admin, DEMO.admin);
  await visit(admin, "/admin/disputes");
  const listed = admin.getByTestId("admin-chargeback").filter({ hasText: code });
  await expect(listed).toContainText("Awaiting evidence");
  await expect(listed).toContainText("¥10,000");
  await expect(listed.locator("time")).toHaveText(/^Evidence due by /);
  await expectAccessible(admin);
  await listed.getByRole("link", { name: `Chargeback on order ${code}` }).click();
  await hydrated(admin);
  await expect(admin.getByRole("heading", { level: 1, name: `Chargeback on order ${code}` })).toBeVisible();
  const evidence = admin.getByRole("region", { name: "The evidence as it will be sent" });
  await expect(evidence.getByText("The client accepted the terms when sending it.")).toBeVisible();
  await expect(evidence.getByRole("region", { name: "The chat" })).toContainText(CLIENT_LINE);
  await expect(evidence.getByRole("region", { name: "Deliveries" })).toContainText("fox.png");
  await expect(evidence.getByRole("region", { name: "Payments" })).toContainText("¥10,000");
  await expectAccessible(admin);
  await admin.getByRole("button", { name: "Submit evidence to Stripe" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "The evidence was submitted to Stripe." })).toBeVisible();
  await expect(admin.getByTestId("chargeback-submission")).toHaveText(/^Evidence submitted on /);
  await expect(admin.getByRole("button", { name: "Submit evidence to Stripe" })).toHaveCount(0);
  // Stripe's review of it comes back through the webhook.
  await expect(async () => {
    await visit(admin, "/admin/disputes");
    await expect(listed).toContainText("Under review by the card issuer", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(listed.locator("time")).toHaveText(/^Evidence submitted on /);
  await expectAccessible(admin);

  // The parties still read that it is open.
  await visit(client, clientOrder);
  await expect(banner(client)).toHaveAttribute("data-tone", "open");
  await adminContext.close();
  await creatorContext.close();
});
