import type { Browser, Page } from "@playwright/test";
import { expect, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { setProfileFace } from "./notification-fixtures";
import { insertOrder, insertPriceSheetForm, setOrderState } from "./order-fixtures";
import { newCreator, pageInNewContext, switchToJapanese } from "./order-steps";

/**
 * Follow, and be told (issue 66, decisions 107 and 108), as a client and two creators do it, in English and once in
 * Japanese at 375 px: the client searches explore with "open now, under ¥30,000, commercial use OK" and finds the open
 * creator, not the closed one; on the closed creator's profile they press "Notify me when they open" and the button
 * says they will be; the creator opens on their commission settings page (in English: opens for commissions; in
 * Japanese: every slot was taken and the waitlist closed, and they add a slot); the client has it in the bell and in
 * the dev mailbox, in their language; /dashboard/saved lists the creator, and Unfollow takes them off.
 */
const GENERAL = "/dashboard/commission/setting/form/general";
const DAY = 86_400_000;

type Lang = "en" | "ja";
const t = (lang: Lang, bundle: string, key: string, params: Record<string, string> = {}) =>
  Object.entries(params).reduce((text, [name, value]) => text.replace(`{${name}}`, value), message(bundle, lang, key));

const cardLinks = (page: Page) =>
  page.locator("#explore-results ~ ul > li h3 a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));

/** A new creator in a browser of their own, named `names` (the word explore finds them by), with a price sheet at ¥20,000. */
async function creatorWithPrices(browser: Browser, baseURL: string, ip: string, names: { en: string; ja: string }) {
  const page = await pageInNewContext(browser, baseURL, ip);
  const user = await newCreator(page);
  await setProfileFace(user.email, names, null);
  // Its commercial uses are priced (streaming, goods, advertising): "commercial use OK". It opens the creator.
  await insertPriceSheetForm({
    sellerEmail: user.email,
    title: `Sheet ${user.handle}`,
    locale: "en",
    priceAmount: 20_000,
  });
  return { page, ...user };
}

/** The creator, on their own settings page, sets how many orders they take at once and saves. */
async function setSlots(page: Page, slots: number) {
  await visit(page, GENERAL);
  await page.getByLabel("Slots", { exact: true }).fill(String(slots));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
}

/**
 * The creator takes one order at a time and another client's delivered order holds it; they close their waitlist on its
 * page: not open now, and nobody can wait.
 */
async function fillUp(browser: Browser, baseURL: string, ip: string, creator: { page: Page; email: string }) {
  await setSlots(creator.page, 1);
  const buyerPage = await pageInNewContext(browser, baseURL, ip);
  const buyer = await signUpWithApi(buyerPage);
  await buyerPage.context().close();
  const held = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: buyer.email,
    priceAmount: 20_000,
    title: `Held ${buyer.handle}`,
  });
  const now = Date.now();
  await setOrderState(held.id, {
    progress: "DELIVERED",
    payment: "COMPLETED",
    approvedAt: now - 3 * DAY,
    deliveredAt: now - DAY,
    completionDeadline: now + 6 * DAY,
  });
  await visit(creator.page, "/dashboard/commission/waitlist");
  await creator.page.getByRole("button", { name: "Close the waitlist" }).click();
  await expect(creator.page.getByText("Your waitlist is closed.", { exact: true })).toBeVisible();
}

/** The creator, on their own settings page, opens or closes for commissions and saves. */
async function setOpen(page: Page, open: boolean) {
  await visit(page, GENERAL);
  await page.getByRole("radio", { name: open ? "Open for commissions" : "Closed for commissions" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
}

for (const lang of ["en", "ja"] as const) {
  test(`a client filters explore, asks to be told when a closed creator opens, is told, and unfollows (${lang})`, async ({
    page: client,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const word = `fw${Date.now().toString(36)}${lang}`;
    const ip = (n: number) => `198.18.66.${(lang === "en" ? 10 : 40) + n + 4 * testInfo.repeatEachIndex}`;
    const open = await creatorWithPrices(browser, baseURL!, ip(1), { en: `Open ${word}`, ja: `受付中 ${word}` });
    const closedNames = { en: `Quiet ${word}`, ja: `お休み中 ${word}` };
    const closed = await creatorWithPrices(browser, baseURL!, ip(2), closedNames);
    // In English they are closed for commissions; in Japanese every slot is taken and nobody can wait.
    if (lang === "en") await setOpen(closed.page, false);
    else await fillUp(browser, baseURL!, ip(3), closed);
    const closedName = closedNames[lang];
    const event = lang === "en" ? "opened" : "slot_freed";

    const me = await signUpWithApi(client);
    if (lang === "ja") {
      await switchToJapanese(client);
      await client.setViewportSize({ width: 375, height: 812 });
    }

    await test.step("explore: open now, under ¥30,000, commercial use OK", async () => {
      await visit(client, `/explore/creators?q=${word}`);
      await expect
        .poll(() => cardLinks(client))
        .toEqual(expect.arrayContaining([`/${open.handle}`, `/${closed.handle}`]));
      await client.getByText(t(lang, "catalog", "catalog_filters_summary"), { exact: true }).click();
      await client.getByLabel(t(lang, "catalog", "catalog_filter_open_now"), { exact: true }).check();
      await client.getByLabel(t(lang, "catalog", "catalog_filter_price_max"), { exact: true }).fill("30000");
      await client
        .getByLabel(t(lang, "catalog", "catalog_filter_licence"), { exact: true })
        .selectOption({ label: t(lang, "catalog", "catalog_filter_licence_commercial") });
      await client.getByRole("button", { name: t(lang, "catalog", "catalog_filter_apply") }).click();
      await expect(client).toHaveURL(/[?&]open=1(&|$)/);
      await expect(client).toHaveURL(/[?&]max=30000(&|$)/);
      await expect(client).toHaveURL(/[?&]licence=commercial(&|$)/);
      await expect.poll(() => cardLinks(client)).toEqual([`/${open.handle}`]);
    });

    await test.step("the closed creator's profile: Notify me when they open", async () => {
      await visit(client, `/${closed.handle}`);
      const notify = client.getByRole("button", { name: t(lang, "follows", "follows_notify") });
      await expect(notify).toBeEnabled();
      await expect(notify).toHaveAttribute("aria-pressed", "false");
      await notify.click();
      const notifying = client.getByRole("button", { name: t(lang, "follows", "follows_notifying") });
      await expect(notifying).toHaveAttribute("aria-pressed", "true");
      // Still so after a reload: the follow is saved.
      await visit(client, `/${closed.handle}`);
      await expect(client.getByRole("button", { name: t(lang, "follows", "follows_notifying") })).toBeEnabled();
    });

    await test.step("the creator opens on their settings page", async () => {
      if (lang === "en") await setOpen(closed.page, true);
      else await setSlots(closed.page, 2);
    });

    await test.step("the client is told: the bell, and a mail in their language", async () => {
      const title = t(lang, "notifications", `notification_followed_${event}_title`);
      await visit(client, "/");
      await client
        .getByRole("button", { name: t(lang, "layout", "header_notifications_label_unread", { count: "1" }) })
        .click();
      const notice = client.getByRole("dialog").getByRole("link", { name: new RegExp(title) });
      await expect(notice).toContainText(
        t(lang, "notifications", `notification_followed_${event}_message`, { counterpart: closedName }),
      );
      await notice.click();
      await expect(client).toHaveURL(new RegExp(`/${closed.handle}$`));

      const mailbox = await client.context().newPage();
      await expect(async () => {
        await mailbox.goto("/dev/mailbox");
        await expect(mailbox.locator(`article[data-to="${me.email}"]`).filter({ hasText: title })).toHaveCount(1, {
          timeout: 1_000,
        });
      }).toPass({ timeout: 30_000 });
      await mailbox.close();
    });

    await test.step("the saved page lists the creator; Unfollow takes them off", async () => {
      await visit(client, "/dashboard/saved");
      const row = client.getByTestId("saved-creator").filter({ hasText: `@${closed.handle}` });
      await expect(row.getByRole("link", { name: closedName, exact: true })).toHaveAttribute(
        "href",
        `/${closed.handle}`,
      );
      await expect(row).toContainText(t(lang, "follows", "follows_status_open"));
      await row
        .getByRole("button", { name: t(lang, "follows", "follows_unfollow_name", { name: closedName }) })
        .click();
      await expect(client.getByTestId("saved-creator").filter({ hasText: `@${closed.handle}` })).toHaveCount(0);
      await expect(client.getByText(t(lang, "follows", "follows_saved_creators_empty"), { exact: true })).toBeVisible();
      // The profile agrees: an open creator the client no longer follows.
      await visit(client, `/${closed.handle}`);
      await expect(
        client.getByRole("button", { name: t(lang, "follows", "follows_follow"), exact: true }),
      ).toHaveAttribute("aria-pressed", "false");
    });

    await open.page.context().close();
    await closed.page.context().close();
  });
}
