import { DEMO, expect, expectAccessible, signInWithApi, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { insertOrder, saleDeliveredLastWeek } from "./order-fixtures";
import { newCreator } from "./order-steps";

/**
 * A creator's own numbers (issue 66, decision 111) on the demo creator's insights at 320 px, in English and Japanese,
 * light and dark: the four charts drawn, each with its table under a disclosure, the period switch in the URL, nothing
 * overflows, and axe finds nothing (screenshots of each chart in test-results/insights/). A new creator's first view
 * shows their new request in the funnel and a completed sale as income still to be paid out. A client is sent to the
 * creator home.
 */
const overflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

const SECTIONS = ["insights-funnel", "insights-trend", "insights-income", "insights-pipeline"] as const;

for (const lang of ["en", "ja"] as const) {
  for (const theme of ["light", "dark"] as const) {
    test(`the creator's insights draw their charts with tables at 320 px (${lang}, ${theme})`, async ({ page }) => {
      const t = (key: string) => message("insights", lang, key);
      await page.setViewportSize({ width: 320, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await signInWithApi(page, DEMO.creator);
      const language = lang === "ja" ? "&lang=ja" : "";
      await page.goto(`/dashboard/creator/insights?by=month${language}`);
      await expect(page.getByRole("heading", { level: 1, name: t("insights_title") })).toBeVisible();
      await expect(page.getByRole("link", { name: t("insights_by_month") })).toHaveAttribute("aria-current", "page");
      // Each chart is an image named by its section's heading, with its figures in a table a disclosure opens.
      const funnel = page.getByTestId("insights-funnel");
      await expect(funnel.getByRole("img", { name: t("insights_funnel_title") })).toBeVisible();
      await funnel.getByText(t("insights_show_table")).click();
      const rows = funnel.getByRole("table").getByRole("row");
      await expect(rows).toHaveCount(7);
      await expect(rows.nth(3)).toContainText(t("insights_step_requests"));
      // The demo creator has requests on their record: the funnel's requests are more than none.
      await expect(rows.nth(3).getByRole("cell")).not.toHaveText("0");
      await expect(page.getByTestId("insights-trend").getByRole("img")).toBeVisible();
      await expect(page.getByTestId("insights-pipeline").getByRole("img")).toBeVisible();
      const trend = page.getByTestId("insights-trend");
      await trend.getByText(t("insights_show_table")).click();
      await expect(trend.getByRole("table").getByRole("row")).toHaveCount(13);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      for (const section of SECTIONS)
        await page.getByTestId(section).screenshot({ path: `test-results/insights/${section}-${lang}-${theme}.png` });
      await page.screenshot({ path: `test-results/insights/page-${lang}-${theme}.png`, fullPage: true });
      await expectAccessible(page);

      // The switch is a link: the weeks are in the URL.
      await page.getByRole("link", { name: t("insights_by_week") }).click();
      await expect(page).toHaveURL(/[?&]by=week/);
      await expect(page.getByRole("link", { name: t("insights_by_week") })).toHaveAttribute("aria-current", "page");
    });
  }
}

test("a client opening the insights is sent to the creator home", async ({ page }) => {
  await signInWithApi(page, DEMO.client);
  await page.goto("/dashboard/creator/insights");
  await expect(page).toHaveURL(/\/dashboard\/creator\/home$/);
});

test("a new creator's insights show their new request in the funnel and a completed sale as pending income", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const order = (title: string) =>
    insertOrder({ sellerEmail: creator.email, buyerEmail: client.email, priceAmount: 12_000, title });
  await order(`Insights request ${creator.handle}`);
  // A sale paid and delivered over a week ago: the creator's Complete owes them their share at once. They have no
  // payout account yet, so it waits: pending.
  const sale = await order(`Insights sale ${creator.handle}`);
  await saleDeliveredLastWeek(sale.id);
  await visit(page, `/dashboard/commission/managements?order=${sale.code}`);
  const panel = page.getByRole("article", { name: new RegExp(sale.code) });
  await expect(panel.getByText("Delivered", { exact: true }).first()).toBeVisible();
  // Complete asks what it releases first (issue 75).
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(panel.getByText("Completed", { exact: true }).first()).toBeVisible();

  // The creator home leads there.
  await page.goto("/dashboard/creator/home");
  await page.getByRole("link", { name: "Open insights" }).click();
  await expect(page).toHaveURL(/\/dashboard\/creator\/insights$/);
  const funnel = page.getByTestId("insights-funnel");
  await funnel.getByText("Show the figures as a table").click();
  const count = (step: string) => funnel.getByRole("row").filter({ hasText: step }).getByRole("cell");
  await expect(count("Requests")).toHaveText("2");
  await expect(count("Completed")).toHaveText("1");
  const income = page.getByTestId("insights-income");
  await expect(income.getByRole("heading", { name: "Income by month (JPY)" })).toBeVisible();
  await income.getByText("Show the figures as a table").click();
  const thisMonth = income.getByRole("row").last().getByRole("cell");
  await expect(thisMonth).toHaveText(["¥0", "¥10,976"]);
  // The sidebar has it among the creator's pages.
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Insights", exact: true }),
  ).toHaveAttribute("href", "/dashboard/creator/insights");
  await expectAccessible(page);
  // The income chart at 320 px in both themes, each theme from the page's first paint.
  await page.setViewportSize({ width: 320, height: 800 });
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.reload();
    await income.screenshot({ path: `test-results/insights/income-pending-en-${theme}.png` });
  }
});
