import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test, visit } from "./fixtures";
import { insertOrder } from "./order-fixtures";
import { newCreator, saveCard } from "./order-steps";
import { pngBytes } from "./png";

/**
 * Issue 33, "done but untested": what the pages say when a call fails (spec section 8), the server's answer replaced
 * with page.route: the bookmark's two failure texts, the chat's 'Error' toast, the card delete that fails silently;
 * and the chat's media at the spec's w-36 (144 px, section 9).
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const BOOKMARK = "**/api/features/bookmark/order/submit";

const failWith = (status: number, body: unknown = { error: "failed in the test" }) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify(body),
});

test("a failed bookmark says 'Failed to submit bookmark.', a failed unbookmark 'Failed to submit unbookmark.', and the toggle keeps its state", async ({
  page,
}) => {
  await signUpWithApi(page);
  await visit(page, "/democreator");
  const forms = page.getByRole("region", { name: "Commission forms" });
  const card = forms.getByRole("article").first();
  const toggle = card.getByRole("button", { name: /^(Bookmark|Remove bookmark of) / });
  const title = (await toggle.getAttribute("aria-label"))!.replace(/^Bookmark /, "");

  await page.route(BOOKMARK, (route) => route.fulfill(failWith(500)));
  await toggle.click();
  await expect(card.getByText("Failed to submit bookmark.")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(toggle).toBeEnabled();

  // Through for real this time: on, and the message goes.
  await page.unroute(BOOKMARK);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByText("Failed to submit bookmark.")).toHaveCount(0);

  await page.route(BOOKMARK, (route) => route.fulfill(failWith(409)));
  await toggle.click();
  await expect(card.getByText("Failed to submit unbookmark.")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(toggle).toHaveAccessibleName(`Remove bookmark of ${title}`);
});

/** The seller's chat on a fresh order (the seller may write while it is pending). */
async function sellerChat(page: Page) {
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `Chat rows ${Date.now().toString(36)}`,
  });
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  const chat = page.getByRole("region", { name: "Messages" });
  await expect(chat.getByRole("textbox")).toBeEnabled();
  return chat;
}

test("a chat message that cannot be sent shows the 'Error' toast with the message, and the text comes back to the input", async ({
  page,
}) => {
  // No socket: the send goes over HTTP, which fails.
  await page.routeWebSocket(/\/ws\/chat\//, (socket) => socket.close());
  await page.route("**/api/features/chat/message/submit", (route) =>
    route.fulfill(failWith(500, { message: "The chat is resting." })),
  );
  const chat = await sellerChat(page);
  const input = chat.getByRole("textbox");
  await input.fill("Hello from a failing line");
  await input.press("Enter");

  const toast = page.getByRole("status").filter({ hasText: "The chat is resting." });
  await expect(toast).toBeVisible();
  await expect(toast.getByText("Error", { exact: true })).toBeVisible();
  await expect(input).toHaveValue("Hello from a failing line");
  await expect(chat.getByRole("log").getByText("Hello from a failing line")).toHaveCount(0);
});

test("a chat message's picture is shown 144 px wide (w-36)", async ({ page }) => {
  const chat = await sellerChat(page);
  await chat
    .getByLabel("Attach files")
    .setInputFiles({ name: "sketch.png", mimeType: "image/png", buffer: pngBytes(64, 32) });
  await expect(chat.getByText("sketch.png")).toBeVisible();
  await chat.getByRole("textbox").fill("A first sketch");
  const send = chat.getByRole("button", { name: "Send", exact: true });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(chat.getByRole("textbox")).toHaveValue("");
  const media = chat.getByRole("log").getByRole("button", { name: "Open sketch.png" });
  await expect(media).toBeVisible();
  // The tile (its list item) is w-36; the picture fills it inside its border.
  const tile = media.locator("xpath=..");
  await expect.poll(async () => (await tile.boundingBox())?.width).toBe(144);
  const picture = media.locator("img");
  await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
  expect((await picture.boundingBox())!.width).toBeLessThanOrEqual(144);
});

test("a card delete that fails says nothing: loading stops and the card stays listed", async ({ page }) => {
  await signUpWithApi(page);
  await saveCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  // The save's own 'Success' toast gone first, so that no message on the page can be mistaken for the delete's.
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveCount(0);
  let calls = 0;
  await page.route("**/api/stripe/payment/method/delete", (route) => {
    calls++;
    return route.fulfill(failWith(500));
  });
  const remove = page.getByRole("button", { name: "Delete the card ending in 4242" });
  page.once("dialog", (dialog) => dialog.accept());
  await remove.click();
  await expect.poll(() => calls).toBe(1);
  await expect(remove).toBeEnabled();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveCount(0);

  // The server was never asked: the card is still saved.
  await page.unroute("**/api/stripe/payment/method/delete");
  await visit(page, "/dashboard/setting/profile/payment");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
});
