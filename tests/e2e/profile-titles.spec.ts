import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 75, finding 9: on a profile read in a language its titles were not written in, every title reads translated,
 * the review card's service too (it read "Subscriber badge set 의뢰"), and each keeps its original for the hover in an
 * element marked with the original's language, the translation inside it marked with the reader's. The demo creator
 * writes in English; the stand-in's phrase book (emulators/translator/demo-phrases-cjk.ts) holds the Korean.
 */
const PROFILE = "/democreator?lang=ko";
const SERVICE = { en: "Subscriber badge set", ko: "구독자 배지 세트" };

/** The page once the stand-in's translations are stored (made after a first visit's answer, the page purged then). */
async function translatedProfile(page: Page) {
  await expect(async () => {
    await page.goto(PROFILE);
    await expect(page.getByTestId("review-service").filter({ hasText: SERVICE.ko }).first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
}

test("a profile in Korean reads every written title translated, the review card's service too, each original marked", async ({
  page,
}) => {
  await translatedProfile(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  const main = page.locator("main");

  // Every card title (services, forms, works) and every review card's service: each shows a translation that keeps
  // its original for the hover.
  const titles = main.locator("article :is(h3, h4) a, [data-testid=review-service]");
  const count = await titles.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    const title = titles.nth(i);
    const original = title.locator("[data-original-of]");
    await expect(original, (await title.textContent()) ?? "").toHaveCount(1);
    // The hover's text is the original, in its own language; the shown text inside, in the reader's.
    await expect(original).toHaveAttribute("lang", "en");
    expect(await original.getAttribute("title")).toBeTruthy();
    await expect(original.locator(":scope > span")).toHaveAttribute("lang", "ko");
  }

  // The review card names the service as the service card does, never as written.
  const reviewed = main.getByTestId("review-service");
  await expect(reviewed.filter({ hasText: SERVICE.en })).toHaveCount(0);
  await expect(reviewed.filter({ hasText: SERVICE.ko }).first().locator("[data-original-of]")).toHaveAttribute(
    "title",
    SERVICE.en,
  );
});
