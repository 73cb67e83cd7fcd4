import type { Browser, Page, WebSocketRoute } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test } from "./fixtures";
import { message } from "./messages";
import { insertOrder } from "./order-fixtures";
import { newCreator } from "./order-steps";

/**
 * The order chat (issue 11), seller and buyer in two browser contexts: the buyer waits until the order is approved,
 * then both chat live; the buyer's connection drops, they send over HTTP meanwhile, and on reconnecting see what
 * they missed, once each and in order; the seller turns replies off and the buyer's input is disabled at once; the
 * buyer reads it all again in Japanese on a 375 px screen, behind the message button; the order canceled, the chat
 * reads 'Closed' on both sides.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";

const chat = (page: Page) => page.getByRole("region", { name: /^(Messages|メッセージ)$/ });
const chatLog = (page: Page) => chat(page).getByRole("log");
const chatInput = (page: Page) => chat(page).getByRole("textbox");
const messageItems = (page: Page) => chatLog(page).locator("li[data-seq]");

/** The texts of the messages in the log, top to bottom, and their seqs. */
async function readLog(page: Page) {
  const items = await messageItems(page).evaluateAll((lis) =>
    lis.map((li) => ({ seq: Number(li.getAttribute("data-seq")), text: li.textContent ?? "" })),
  );
  return { seqs: items.map((item) => item.seq), texts: items.map((item) => item.text) };
}

async function say(page: Page, text: string) {
  await chatInput(page).fill(text);
  await chatInput(page).press("Enter");
  await expect(chatInput(page)).toHaveValue("");
}

async function sellerContext(browser: Browser, baseURL: string, repeat: number) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "cf-connecting-ip": `203.0.113.${20 + repeat}` },
  });
  return { context, page: await context.newPage() };
}

test("seller and buyer chat live; a dropped buyer catches up without duplicates; replies turned off disable the buyer's input at once; canceled, it is closed", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer = await signUpWithApi(page);
  const seller = await sellerContext(browser, baseURL!, testInfo.repeatEachIndex);
  const creator = await newCreator(seller.page);
  const title = `Chat ${Date.now().toString(36)}`;
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: buyer.email,
    priceAmount: 12_000,
    title,
  });

  // The buyer's sockets go through the test, so it can drop them, and refuse new ones while "offline".
  let offline = false;
  const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  await page.routeWebSocket(/\/ws\/chat\//, (socket) => {
    if (offline) return void socket.close();
    open.push({ page: socket, server: socket.connectToServer() });
  });

  // Pending: the buyer waits for the commission to start; the seller may already write.
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(chatInput(page)).toBeDisabled();
  await expect(chatInput(page)).toHaveAttribute("placeholder", "Waiting for the commission to start");
  await seller.page.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(chatInput(seller.page)).toBeEnabled();

  // Approval opens the room: the buyer's input follows without a reload.
  await seller.page.getByRole("button", { name: "Approve" }).click();
  await expect(chatInput(page)).toBeEnabled();

  // Live both ways; Shift+Enter is a new line, Enter sends.
  await chatInput(seller.page).fill("Hello from the creator");
  await chatInput(seller.page).press("Shift+Enter");
  await chatInput(seller.page).pressSequentially("Second line");
  await expect(chatInput(seller.page)).toHaveValue("Hello from the creator\nSecond line");
  await chatInput(seller.page).press("Enter");
  await expect(chatLog(page).getByText("Hello from the creator")).toBeVisible();
  await say(page, "Hi! A knight with a blue cape, please.");
  await expect(chatLog(seller.page).getByText("Hi! A knight with a blue cape, please.")).toBeVisible();
  await expect(chat(seller.page).getByText("0 / 1000")).toBeVisible();
  await expectAccessible(seller.page);

  // The buyer's connection drops and stays down for a while.
  offline = true;
  for (const socket of open.splice(0)) {
    await socket.server.close();
    await socket.page.close();
  }
  await expect(chat(page).getByText("Reconnecting…")).toBeVisible();
  await say(seller.page, "Missed message one");
  await say(seller.page, "Missed message two");
  // Sent while the socket is down: it goes over HTTP, and the seller gets it live.
  await say(page, "Sent while the socket was down");
  await expect(chatLog(seller.page).getByText("Sent while the socket was down")).toBeVisible();
  await expect(chatLog(page).getByText("Sent while the socket was down")).toBeVisible();

  // Back online: the buyer catches up on what it missed, each message once, in the room's order.
  offline = false;
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(chat(page).getByText("Reconnecting…")).toHaveCount(0, { timeout: 20_000 });
  await expect(chatLog(page).getByText("Missed message two")).toBeVisible();
  await expect.poll(async () => (await readLog(seller.page)).seqs).toEqual([1, 2, 3, 4, 5]);
  await expect.poll(async () => (await readLog(page)).seqs).toEqual([1, 2, 3, 4, 5]);
  const buyerLog = await readLog(page);
  for (const text of [
    "Hello from the creator",
    "Hi! A knight",
    "Sent while the socket was down",
    "Missed message one",
    "Missed message two",
  ]) {
    expect(
      buyerLog.texts.filter((shown) => shown.includes(text)),
      text,
    ).toHaveLength(1);
  }
  // The buyer's HTTP send may land between the seller's two: wherever the room put it, both sides read the same.
  expect(buyerLog.texts).toEqual((await readLog(seller.page)).texts);
  expect(buyerLog.texts.findIndex((t) => t.includes("Missed message one"))).toBeLessThan(
    buyerLog.texts.findIndex((t) => t.includes("Missed message two")),
  );

  // Live again after the reconnect.
  await say(seller.page, "Welcome back");
  await expect(chatLog(page).getByText("Welcome back")).toBeVisible();

  // The seller turns replies off: the buyer's input is disabled at once, keeping what they were typing.
  await chatInput(page).fill("A draft the buyer keeps");
  await seller.page.getByRole("tab", { name: "Other settings" }).click();
  const settings = seller.page.getByRole("region", { name: "Chat settings" });
  await settings.getByRole("button", { name: "Edit" }).click();
  await settings.getByLabel("Client replies").selectOption("NO_REPLY");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings.getByText("No replies")).toBeVisible();
  await expect(chatInput(page)).toBeDisabled();
  await expect(chatInput(page)).toHaveAttribute("placeholder", "The creator has turned replies off");
  await expect(chatInput(page)).toHaveValue("A draft the buyer keeps");
  await expect(chatInput(seller.page)).toBeEnabled();

  // In Japanese on a phone: the chat is behind the message button, with the whole history once.
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(chat(page)).toBeHidden();
  await page.getByRole("button", { name: new RegExp(`^${message("chat", "ja", "chat_toggle")}`) }).click();
  await expect(chat(page)).toBeVisible();
  await expect(chatInput(page)).toBeDisabled();
  await expect(chatInput(page)).toHaveAttribute("placeholder", message("chat", "ja", "chat_no_reply"));
  await expect(chatLog(page).getByText("Welcome back")).toBeVisible();
  expect((await readLog(page)).seqs).toEqual([1, 2, 3, 4, 5, 6]);

  // The seller calls the order off: the chat is closed for both, at once.
  seller.page.once("dialog", (dialog) => dialog.accept());
  await seller.page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(chatInput(seller.page)).toBeDisabled();
  await expect(chatInput(seller.page)).toHaveAttribute("placeholder", "Closed");
  await expect(chatInput(page)).toHaveAttribute("placeholder", message("chat", "ja", "chat_closed"));
  await seller.context.close();
});

test("the creator adds a link and a YouTube embed from the keyboard; both parties see them in order, with the works' players", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const youtubeUrl = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
  const linkUrl = "https://example.com/reference/board";
  const buyer = await signUpWithApi(page);
  const seller = await sellerContext(browser, baseURL!, testInfo.repeatEachIndex + 10);
  const creator = await newCreator(seller.page);
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: buyer.email,
    priceAmount: 12_000,
    title: `Links ${Date.now().toString(36)}`,
  });
  // YouTube stands in locally: its thumbnail and its player's page.
  const playerRequests: string[] = [];
  for (const context of [page.context(), seller.context]) {
    await context.route("https://i.ytimg.com/**", (route) =>
      route.fulfill({
        status: 200,
        contentType: "image/svg+xml",
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"/>',
      }),
    );
    await context.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) => {
      playerRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" });
    });
  }

  // The seller (who may write while the order is pending) adds both with the keyboard.
  await seller.page.goto(`${MANAGEMENTS}?order=${code}`);
  const composer = chat(seller.page);
  const addLink = async (text: string) => {
    await composer.getByRole("button", { name: "Add a link" }).press("Enter");
    const field = composer.getByRole("textbox", { name: "Link or embed code" });
    await expect(field).toBeFocused();
    await field.fill(text);
    await field.press("Enter");
  };
  // A bad address is refused in place, with the reason; Escape closes the field, focus back on its button.
  await addLink("javascript:alert(1)");
  await expect(composer.getByRole("alert")).toHaveText(
    "This link cannot be sent: use an http or https address of at most 2,000 characters.",
  );
  await composer.getByRole("textbox", { name: "Link or embed code" }).press("Escape");
  await expect(composer.getByRole("button", { name: "Add a link" })).toBeFocused();
  await addLink(linkUrl);
  await addLink(youtubeUrl);
  await expect(composer.getByRole("button", { name: "Remove example.com" })).toBeVisible();
  await expect(composer.getByRole("button", { name: "Remove YouTube" })).toBeVisible();
  await expect(composer.getByText("2 / 10 attachments")).toBeVisible();
  await expectAccessible(seller.page);
  await say(seller.page, "Two references");

  const tiles = (target: Page) => chatLog(target).getByRole("button", { name: /^Open / });
  // Each attachment's tile says what it is: the link's host, the embed's site over its thumbnail.
  const captions = (target: Page) => chatLog(target).locator("li[data-format]");
  await expect(captions(seller.page)).toHaveText([/example\.com\s*Link/, /YouTube · Embed/]);

  // The buyer sees them in the order added, as the works show them: the embed's player loads on Play only.
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(chatLog(page).getByText("Two references")).toBeVisible();
  await expect(tiles(page)).toHaveCount(2);
  await expect(tiles(page).nth(0)).toHaveAccessibleName("Open example.com");
  await expect(tiles(page).nth(1)).toHaveAccessibleName("Open YouTube");
  await expect(captions(page)).toHaveText([/example\.com\s*Link/, /YouTube · Embed/]);
  await expect(tiles(page).nth(1).locator('img[src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"]')).toHaveCount(
    1,
  );
  await tiles(page).nth(1).click();
  const preview = page.getByRole("dialog", { name: "Attachments of the message" });
  await expect(preview).toBeVisible();
  expect(playerRequests).toEqual([]);
  await preview.getByRole("button", { name: /^Play / }).click();
  await expect(preview.locator("iframe")).toHaveAttribute(
    "src",
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/,
  );
  // The previous one is the link, as a link card to the page.
  await preview.getByRole("button", { name: "Previous media" }).click();
  await expect(preview.getByRole("link", { name: "View on the site" }).first()).toHaveAttribute("href", linkUrl);
  await preview.getByRole("button", { name: "Close" }).click();

  // History after a reload reads them the same.
  await page.reload();
  await expect(tiles(page)).toHaveCount(2);
  await expect(tiles(page).nth(0)).toHaveAccessibleName("Open example.com");
  await expect(tiles(page).nth(1)).toHaveAccessibleName("Open YouTube");
  await seller.context.close();
});
