import type { APIRequestContext, Page } from "@playwright/test";
import { expect, freshUser, signUpWithApi, tabTo, test, visit } from "./fixtures";
import { insertOrder, setProfileFace, signUpInContext } from "./notification-fixtures";

/**
 * Notifications as a buyer meets them (issue 10, docs/decisions/023): the seller approves an order through the API,
 * the buyer's bell shows one unread notice naming the order and the seller (by display name, with their avatar,
 * linking to their profile: issue 33), following it lands on the order and the count drops; the list page marks all
 * as read. Each test makes its own buyer, seller and order.
 */
const SELLER_NAME = { en: "Sky Seller", ja: "空の売り手" };
/** Any image the server serves will do as the seller's avatar. */
const SELLER_AVATAR = "/favicon.svg";

async function approvedOrderFor(page: Page, request: APIRequestContext) {
  const buyer = await signUpWithApi(page);
  const seller = freshUser();
  await signUpInContext(request, seller);
  await setProfileFace(seller.email, SELLER_NAME, SELLER_AVATAR);
  const order = await insertOrder(seller.email, buyer.email);
  const approved = await request.post("/api/features/commission/order/approve", {
    data: { orderId: order.id },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(approved.status(), `approve: ${await approved.text()}`).toBe(200);
  return { ...order, seller, buyer };
}

test("the buyer sees the approval in the bell, follows it to the order, and the unread count drops", async ({
  page,
  request,
}) => {
  const order = await approvedOrderFor(page, request);
  await page.goto("/");
  const bell = page.getByRole("button", { name: "Notifications (1 unread)" });
  await bell.click();
  const panel = page.getByRole("dialog");
  const notice = panel.getByRole("link", { name: /Order accepted/ });
  await expect(notice).toContainText(`${SELLER_NAME.en} accepted your request (order ${order.code}).`);
  await expect(notice).toContainText("Unread");
  // The other tab is always empty (spec section 2).
  await panel.getByRole("tab", { name: "Announcements" }).click();
  await expect(panel.getByRole("tabpanel")).toContainText("None yet.");
  await panel.getByRole("tab", { name: "Notifications" }).click();

  await panel.getByRole("link", { name: /Order accepted/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/commission/client/requests\\?order=${order.code}$`));
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

  // Still listed, now read, on the notifications page.
  await page.goto("/dashboard/setting/profile/notification");
  await expect(page.getByRole("main").getByRole("link", { name: /Order accepted/ })).not.toContainText("Unread");
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
});

test("the notice shows who it is from: the seller's display name and avatar, linking to their profile, in English and Japanese", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const order = await approvedOrderFor(page, request);
  const profile = `/${order.seller.handle}`;
  for (const [language, bellName] of [
    ["en", "Notifications (1 unread)"],
    ["ja", "お知らせ（未読 1 件）"],
  ] as const) {
    await context.addCookies([{ name: "app-language", value: language, url: baseURL! }]);
    await page.goto("/");
    await page.getByRole("button", { name: bellName }).click();
    const panel = page.getByRole("dialog");
    const sender = panel.getByRole("link", { name: SELLER_NAME[language], exact: true });
    await expect(sender).toHaveAttribute("href", profile);
    // The app's avatar, its image loaded (a broken one would show the fallback instead), also a link to the profile.
    const avatar = panel.locator(`a[href="${profile}"] img`);
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute("src", SELLER_AVATAR);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // People are named as the lists name them: never by @handle.
    await expect(panel.getByRole("tabpanel")).not.toContainText(`@${order.seller.handle}`);
  }
  // The name leads to the profile; it does not follow (or read) the notice.
  await page.getByRole("dialog").getByRole("link", { name: SELLER_NAME.ja, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${profile}$`));
  await expect(page.getByRole("button", { name: "お知らせ（未読 1 件）" })).toBeVisible();
});

test("by keyboard: the bell opens with Enter, Tab reaches the notice, Enter follows it and the panel closes", async ({
  page,
  request,
}) => {
  const order = await approvedOrderFor(page, request);
  await page.goto("/");
  const bell = page.getByRole("button", { name: "Notifications (1 unread)" });
  await bell.focus();
  await page.keyboard.press("Enter");
  const notice = page.getByRole("dialog").getByRole("link", { name: /Order accepted/ });
  await tabTo(page, notice);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`\\?order=${order.code}$`));
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
});

test("in Japanese: the notice reads in Japanese, and Mark all as read on the list page clears the bell", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const order = await approvedOrderFor(page, request);
  await context.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto("/dashboard/setting/profile/notification");
  await expect(page.getByRole("heading", { level: 1, name: "通知" })).toBeVisible();
  const notice = page.getByRole("main").getByRole("link", { name: /依頼が承認されました/ });
  await expect(notice).toContainText(`${SELLER_NAME.ja}さんが依頼を承認しました（注文 ${order.code}）。`);
  await expect(page.getByRole("button", { name: "お知らせ（未読 1 件）" })).toBeVisible();

  await page.getByRole("button", { name: "すべて既読にする" }).click();
  await expect(page.getByRole("button", { name: "お知らせ", exact: true })).toBeVisible();
  await expect(notice).not.toContainText("未読");

  await page.getByRole("button", { name: "お知らせ", exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: /依頼が承認されました/ })).toBeVisible();
});

test("by e-mail: the approval reaches the buyer's mailbox, and a type switched off on the settings page stays off", async ({
  page,
  request,
}) => {
  const order = await approvedOrderFor(page, request);
  // The dev mailbox (the mailer port's local side) has the notice, with an absolute link to the order. It is sent by
  // the next sweep, up to half a second after the approval (decision 085): the mailbox is opened again until then.
  const mail = page.locator(`article[data-to="${order.buyer.email}"]`).filter({ hasText: "Order accepted" });
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(mail).toContainText(`/dashboard/commission/client/requests?order=${order.code}`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // Opened until it has hydrated: the choices are saved through React, and a click before it took the page was lost
  // (CI i50a).
  await visit(page, "/dashboard/setting/profile/notification");
  const choices = page.getByRole("region", { name: "E-mail" });
  const paid = choices.getByRole("checkbox", { name: "Payment received" });
  await expect(paid).toBeChecked();
  await paid.uncheck();
  await choices.getByRole("button", { name: "Save" }).click();
  await expect(choices.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(
    page.getByRole("region", { name: "E-mail" }).getByRole("checkbox", { name: "Payment received" }),
  ).not.toBeChecked();
  await expect(
    page.getByRole("region", { name: "E-mail" }).getByRole("checkbox", { name: "Your request accepted" }),
  ).toBeChecked();
});
