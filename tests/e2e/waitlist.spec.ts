import type { Page } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertOrder, insertService, setOrderState } from "./order-fixtures";
import { newCreator, pageInNewContext, saveCard, sendRequest, switchToJapanese } from "./order-steps";

/**
 * The walk for a creator's capacity (issue 50, decisions 090 and 091), in English and Japanese: a creator with
 * one slot holds it with an order; a second client finds every slot taken and joins the waitlist; the creator completes
 * the first order, and the client is told in the bell that a slot is held for them, follows it to the service and sends
 * their request within the reservation; the creator approves it (no warning: the request holds its own slot), the
 * client pays; the creator, in Japanese, asks for two more days and the client accepts. axe in both themes.
 */
const GENERAL = "/dashboard/commission/setting/form/general";
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const DAY = 86_400_000;
/** In the translator stand-in's phrase book (the extension walk's reason). */
const REASON = { ja: "申し訳ありません、納品が少し遅れます。", en: "I'm sorry, the delivery will be a little late." };
const ja = (bundle: string, key: string) => message(bundle, "ja", key);
const gateOf = (page: Page) => page.getByRole("dialog").getByTestId("waitlist-gate");

test("one slot: a second client waits, is told when it frees, requests within the reservation, and agrees to two more days", async ({
  page: client,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const creatorPage = await pageInNewContext(browser, baseURL!, `203.0.113.${240 + testInfo.repeatEachIndex}`);
  const creator = await newCreator(creatorPage);

  // The creator takes one order at a time.
  await visit(creatorPage, GENERAL);
  await creatorPage.getByLabel("Slots", { exact: true }).fill("1");
  await creatorPage.getByRole("button", { name: "Save", exact: true }).click();
  await expect(creatorPage.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const title = `Slot mascot ${Date.now().toString(36)}`;
  const service = await insertService({ sellerEmail: creator.email, title, priceAmount: 10_000 });

  // A first client's order holds the slot: delivered, waiting for the creator to complete it.
  const firstClient = await pageInNewContext(browser, baseURL!, `203.0.113.${250 + testInfo.repeatEachIndex}`);
  const first = await signUpWithApi(firstClient);
  await firstClient.context().close();
  const held = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: first.email,
    priceAmount: 10_000,
    title: `${title} (first)`,
  });
  const now = Date.now();
  await setOrderState(held.id, {
    progress: "DELIVERED",
    payment: "COMPLETED",
    approvedAt: now - 3 * DAY,
    deliveredAt: now - DAY,
    completionDeadline: now + 6 * DAY,
  });

  // The second client finds every slot taken and joins the line.
  await signUpWithApi(client);
  await saveCard(client, "4242 4242 4242 4242");
  await expect(client.getByText("Visa ending in 4242")).toBeVisible();
  await visit(client, `/${creator.handle}?service=${service.id}`);
  const gate = gateOf(client);
  await expect(gate).toHaveAttribute("data-state", "join");
  await expect(client.getByRole("dialog").getByRole("button", { name: "Send request" })).toHaveCount(0);
  await gate.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(gate).toHaveAttribute("data-state", "waiting");
  await expect(gate).toContainText("You're on the waitlist: number 1 in line");
  await expectAccessible(client);
  // A signed-out visitor reads the line on the profile (its cached copy purged by the join).
  const visitor = await pageInNewContext(browser, baseURL!, `203.0.113.${260 + testInfo.repeatEachIndex}`);
  await visitor.goto(`/${creator.handle}`);
  await expect(visitor.getByTestId("slot-status").first()).toHaveText("Waitlist (1 waiting)");
  await visitor.context().close();

  // The creator completes the first order: the slot frees and is held for the client in line.
  await visit(creatorPage, `${MANAGEMENTS}?order=${held.code}`);
  // Complete asks what it releases first (issue 75).
  creatorPage.once("dialog", (dialog) => void dialog.accept());
  await creatorPage.getByRole("button", { name: "Complete" }).click();
  await expect(
    creatorPage
      .getByRole("article", { name: new RegExp(held.code) })
      .getByText("Completed", { exact: true })
      .first(),
  ).toBeVisible();

  // The client is told in the bell, follows it to the service, and sends the request within the reservation.
  await visit(client, "/");
  await client.getByRole("button", { name: /Notifications \(\d+ unread\)/ }).click();
  const notice = client.getByRole("dialog").getByRole("link", { name: /A slot opened for you/ });
  await expect(notice).toContainText("is holding a slot for you. Send your request within 48 hours.");
  await notice.click();
  await expect(client).toHaveURL(new RegExp(`/${creator.handle}\\?service=${service.id}`));
  await client.waitForLoadState("networkidle");
  const modal = client.getByRole("dialog");
  await expect(modal.getByTestId("waitlist-reserved")).toContainText("A slot is reserved for you until");
  await expectAccessible(client);
  await sendRequest(modal);
  await visit(client, REQUESTS);
  await client.getByRole("link", { name: new RegExp(title) }).click();
  await expect(client).toHaveURL(/order=/);
  const code = new URL(client.url()).searchParams.get("order")!;

  // The creator, in Japanese, approves it: the request holds its own slot, so nothing warns.
  await switchToJapanese(creatorPage);
  await visit(creatorPage, `${MANAGEMENTS}?order=${code}`);
  await expect(creatorPage.getByTestId("approve-slots-note")).toHaveCount(0);
  await expectAccessible(creatorPage);
  await creatorPage.getByRole("button", { name: ja("orders", "orders_approve"), exact: true }).click();
  await expect(creatorPage.getByRole("button", { name: ja("orders", "orders_approve"), exact: true })).toHaveCount(0);

  // The client pays with the saved card.
  await visit(client, `${REQUESTS}?order=${code}`);
  await client.getByRole("tab", { name: "Payment" }).click();
  await client.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(client.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();

  // The creator asks for two more days, in Japanese.
  // Paid just now without an estimate, the order is due in 30 days (DEADLINES.deliveryMs): two days after that.
  const newDay = new Date(Date.now() + 32 * DAY).toISOString().slice(0, 10);
  await visit(creatorPage, `${MANAGEMENTS}?order=${code}`);
  const ask = creatorPage.getByTestId("extension-ask");
  await ask.locator("summary", { hasText: ja("extensions", "extensions_ask_toggle") }).click();
  await ask.getByLabel(ja("extensions", "extensions_date_label"), { exact: true }).fill(newDay);
  await ask.getByRole("textbox", { name: ja("extensions", "extensions_reason_label") }).fill(REASON.ja);
  await ask.getByRole("button", { name: ja("extensions", "extensions_ask_submit") }).click();
  await expect(creatorPage.getByTestId("order-extension").getByText(/依頼者の回答を待っています/)).toBeVisible();

  // The client reads the reason in English and accepts; the new date shows with the original beside it.
  await visit(client, `${REQUESTS}?order=${code}`);
  const pending = client.getByTestId("extension-pending");
  await expect(pending.getByText(REASON.en)).toBeVisible({ timeout: 15_000 });
  await expectAccessible(client);
  await pending.getByRole("button", { name: "Accept new date" }).click();
  await expect(client.getByTestId("next-step")).toContainText("(originally ");
  await expect(client.getByTestId("extension-pending")).toHaveCount(0);
  await expectAccessible(client);
  await creatorPage.context().close();
});
