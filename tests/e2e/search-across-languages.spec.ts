import { expect, expectAccessible, test } from "./fixtures";
import { newCreator, pageInNewContext } from "./order-steps";

/**
 * Search across the language wall (issue 62): a creator who wrote their bio only in Japanese is found by an English
 * search on /explore/creators, through the stored translation of the bio (migration 0034), made in the background after
 * the save. The translator is the project's stand-in, whose phrase book holds the sentence used here, so what the
 * English visitor searches for is known.
 */
const BIO = { ja: "完成したイラストをお送りします。", en: "Here is the finished illustration." };
const QUERY = "finished illustration";

test("a creator who wrote only in Japanese is found by an English search", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const creator = await newCreator(page);
  // The creator writes in Japanese: what they save is the Japanese original (decision 034).
  await page.goto("/dashboard/setting/profile/account");
  await page.getByLabel("Language you write in").selectOption("ja");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.goto("/dashboard/setting/profile");
  await page.getByLabel("Name", { exact: true }).fill(`ミカ${creator.handle.slice(3)}`);
  await page.getByLabel("Bio", { exact: true }).fill(BIO.ja);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  // An English visitor, signed out. The translation lands after the save, in the background, and its landing purges
  // the explore pages: until then the English query does not find the creator.
  const visitor = await pageInNewContext(browser, baseURL!, `203.0.113.${120 + testInfo.repeatEachIndex}`);
  const card = visitor.locator("#explore-results ~ ul > li").filter({
    has: visitor.locator(`h3 a[href="/${creator.handle}"]`),
  });
  await expect(async () => {
    await visitor.goto(`/explore/creators?q=${encodeURIComponent(QUERY)}`);
    await expect(card).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  // As a person searches: typed into the box. The card reads the bio in English, marked as translated.
  await visitor.goto("/explore/creators");
  await visitor.getByRole("searchbox", { name: "Search" }).fill(QUERY);
  await visitor.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
  await expect(visitor).toHaveURL(/[?&]q=finished/);
  await expect(card).toBeVisible();
  await expect(card.getByText(BIO.en)).toBeVisible();
  await expectAccessible(visitor);

  // The Japanese original finds them too.
  await visitor.goto(`/explore/creators?q=${encodeURIComponent("完成したイラスト")}`);
  await expect(card).toBeVisible();
});
