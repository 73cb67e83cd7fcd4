// Deleting an account (issue 64, decision 104) as a user meets it in the account settings: an open order stops it,
// named with a link and the button disabled; once the order is finished, typing the handle deletes the account, the
// user is signed out and lands on the home page with a notice, and their profile page is gone. In English and Japanese.
import { expect, expectAccessible, header, hydrated, newSignedUpUser, signUpWithApi, test } from "./fixtures";
import { insertOrder, setOrderState } from "./order-fixtures";

const ACCOUNT = "/dashboard/setting/profile/account";

test("a client with an open order is told which, then deletes their account once it is finished", async ({
  page,
  browser,
  baseURL,
}) => {
  const client = await signUpWithApi(page);
  const creator = await newSignedUpUser(browser, baseURL!, `198.51.100.${Math.floor(Math.random() * 250)}`);
  await creator.context.close();
  const order = await insertOrder({
    sellerEmail: creator.user.email,
    buyerEmail: client.email,
    priceAmount: 5000,
    title: "A cat portrait",
  });

  await page.goto(ACCOUNT);
  await hydrated(page);
  const section = page.getByRole("region", { name: "Delete your account" });
  await expect(section.getByText("You can't delete your account yet:")).toBeVisible();
  const blocker = section.getByRole("link", { name: `Order ${order.code} is in progress (you are the client).` });
  await expect(blocker).toHaveAttribute("href", `/dashboard/commission/client/requests?order=${order.code}`);
  await expect(section.getByRole("button", { name: "Delete my account" })).toBeDisabled();
  await expectAccessible(page);

  await setOrderState(order.id, { progress: "COMPLETED", payment: "COMPLETED", completedAt: Date.now() });
  await page.reload();
  await hydrated(page);
  await expect(section.getByText("You can't delete your account yet:")).toHaveCount(0);
  const confirm = section.getByLabel(`To confirm, type your handle: ${client.handle}`);
  await confirm.fill("someoneelse");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByText("That isn't your handle.")).toBeVisible();

  await confirm.fill(client.handle);
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("status").getByText("Account deleted")).toBeVisible();
  // Home, the notice's query dropped so a reload does not say it again.
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole("button", { name: "Account menu" })).toHaveCount(0);

  const profile = await page.goto(`/${client.handle}`);
  expect(profile?.status()).toBe(404);
  // The settings now ask to sign in: the session is gone.
  await page.goto(ACCOUNT);
  await expect(page).toHaveURL(/auth=signin/);
});

test("in Japanese, a user with nothing open deletes their account", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  const user = await signUpWithApi(page);
  await page.goto(ACCOUNT);
  await hydrated(page);
  const section = page.getByRole("region", { name: "アカウントの削除" });
  await expect(section.getByText(`ハンドル @${user.handle} は180日間予約され`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  await section.getByLabel(`確認のため、ハンドルを入力してください：${user.handle}`).fill(user.handle.toUpperCase());
  await section.getByRole("button", { name: "アカウントを削除する" }).click();
  await expect(page.getByRole("status").getByText("アカウントを削除しました")).toBeVisible();
  // Home, the notice's query dropped so a reload does not say it again.
  await expect(page).toHaveURL(/\/$/);
  expect((await page.goto(`/${user.handle}`))?.status()).toBe(404);
});
