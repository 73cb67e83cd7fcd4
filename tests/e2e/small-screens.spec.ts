// Every page at phone widths (issue 13): nothing scrolls sideways, and the creator's name on /{handle} is shown in
// full, on its own line if the badge and Share button leave it too little room. axe runs on each page through the
// fixture's page.goto.
import type { BrowserContext, Page } from "@playwright/test";
import { DEMO, authDialog, expect, expectAccessible, header, signInWithApi, test } from "./fixtures";

const WIDTHS = [320, 375];

const PUBLIC_PAGES = ["/", "/explore/creators", "/dev/mailbox"];

/** The dashboard in two groups, each one test (every page load also runs axe in both themes). */
const DASHBOARD_GROUPS = {
  "settings and portfolio": [
    "/dashboard/setting/profile",
    "/dashboard/setting/profile/account",
    "/dashboard/setting/profile/notification",
    "/dashboard/setting/profile/payment",
    "/dashboard/portfolio/creator",
    "/dashboard/portfolio/creator/new",
    "/dashboard/portfolio/creator/client",
  ],
  "commission settings, wallet and history": [
    "/dashboard/commission/setting/form",
    "/dashboard/commission/setting/form/general",
    "/dashboard/commission/setting/form/form/new",
    "/dashboard/commission/setting/service/new",
    "/dashboard/commission/waitlist",
    "/dashboard/creator/wallet",
    "/dashboard/history/sales",
    "/dashboard/history/billing",
  ],
};

/** How far the page is wider than the window: 0 when nothing scrolls sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/**
 * The demo accounts' sessions, made once per worker and reused: each sign-in sends a code, and an address may ask for
 * only a few codes per 15 minutes (the spec runs at two widths, twice over).
 */
const demoSessions = new Map<string, Awaited<ReturnType<BrowserContext["cookies"]>>>();
async function signInOnce(page: Page, email: string) {
  const cookies = demoSessions.get(email);
  if (cookies) return page.context().addCookies(cookies);
  await signInWithApi(page, email);
  demoSessions.set(email, await page.context().cookies());
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The first link on the page whose address starts with `prefix`, or null. */
const firstHref = (page: Page, prefix: string) =>
  page.evaluate(
    (p) =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]"))
        .map((a) => a.getAttribute("href")!)
        .find((h) => h.startsWith(p)) ?? null,
    prefix,
  );

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
    });

    test("public pages, the profile and a form page fit, and the creator's name is not cut", async ({ page }) => {
      for (const path of PUBLIC_PAGES) await expectNoSidewaysScroll(page, path);

      await expectNoSidewaysScroll(page, "/democreator");
      const name = page.getByRole("heading", { level: 1 });
      await expect(name).toHaveText("Demo Creator");
      const box = await name.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(box.scrollWidth, "the profile name is clipped").toBeLessThanOrEqual(box.clientWidth);
      // The badge and Share button go below the name rather than squeezing it.
      const share = page.getByRole("button", { name: "Share" });
      expect((await share.boundingBox())!.y).toBeGreaterThan((await name.boundingBox())!.y);

      const formPath = await firstHref(page, "/cf/");
      expect(formPath, "the demo creator has a form card").not.toBeNull();
      await expectNoSidewaysScroll(page, formPath!);

      // The sign-in dialog.
      await page.goto("/");
      await header(page).getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(authDialog(page)).toBeVisible();
      expect(await sidewaysOverflow(page), "the sign-in dialog scrolls sideways").toBeLessThanOrEqual(0);
      const dialogBox = (await authDialog(page).boundingBox())!;
      expect(dialogBox.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(width);
      await expectAccessible(page);
    });

    for (const [group, paths] of Object.entries(DASHBOARD_GROUPS)) {
      test(`dashboard pages fit: ${group}`, async ({ page }) => {
        test.slow();
        await signInOnce(page, DEMO.creator);
        for (const path of paths) await expectNoSidewaysScroll(page, path);
      });
    }

    test("order pages fit, with an order open on each side", async ({ page }) => {
      test.slow();
      for (const [email, list] of [
        [DEMO.creator, "/dashboard/commission/managements"],
        [DEMO.client, "/dashboard/commission/client/requests"],
      ] as const) {
        await page.context().clearCookies();
        await signInOnce(page, email);
        await expectNoSidewaysScroll(page, list);
        const orderPath = await firstHref(page, `${list}?order=`);
        expect(orderPath, `${email} has an order in ${list}`).not.toBeNull();
        await expectNoSidewaysScroll(page, orderPath!);
      }
    });
  });
}
