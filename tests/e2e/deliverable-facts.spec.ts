import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { moc3File, pngFile, utf8, zipArchive } from "../fixtures/work-files";
import { expect, expectAccessible, signUpWithApi, test } from "./fixtures";
import { message } from "./messages";
import { devFixture, insertOrder, setOrderState } from "./order-fixtures";
import { newCreator, switchTo, switchToJapanese } from "./order-steps";

/**
 * What both parties see of a delivered file before taking it, and a source the creator holds until completion (issue
 * 60, decision 096). A creator's delivered order carries a Live2D package as a held source (stored and attached with
 * its facts by the deliverableWithFacts fixture, as the multipart door and the create call leave it). The client reads
 * its name, size, SHA-256 and table of contents, and "The creator releases this file when the order completes", with
 * no download and nothing signed for them; a copy they check in the browser matches or does not. The creator sees it
 * marked as held, with their download. Once the order completes, the client's download appears, and the file they
 * download has the SHA-256 shown. At 375 px nothing scrolls sideways; axe in both themes; the held words in Japanese.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const DAY = 86_400_000;

const ENTRIES: { name: string; data?: Uint8Array; directory?: boolean }[] = [
  { name: "hiyori/", directory: true },
  { name: "hiyori/hiyori.moc3", data: moc3File() },
  {
    name: "hiyori/hiyori.model3.json",
    data: utf8(JSON.stringify({ Version: 3, FileReferences: { Moc: "hiyori.moc3" } })),
  },
  { name: "hiyori/textures/texture_00.png", data: pngFile() },
  { name: "hiyori/説明書.txt", data: utf8("使い方") },
];
const ZIP = zipArchive(ENTRIES);
const SHA = createHash("sha256").update(ZIP).digest("hex");
/** The listing the inspection reads of ZIP (given to the fixture in case the inspection gives none). */
const LISTING = {
  zip: {
    entries: ENTRIES.map((e) => ({
      name: e.name,
      size: e.data?.byteLength ?? 0,
      compressedSize: e.data?.byteLength ?? 0,
      directory: e.directory === true,
    })),
    totalEntries: ENTRIES.length,
    totalSize: ENTRIES.reduce((sum, e) => sum + (e.data?.byteLength ?? 0), 0),
  },
};
const NAME = "hiyori-live2d.zip";

async function openDelivery(page: Page, path: string, code: string) {
  await page.goto(`${path}?order=${code}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("tab", { name: /^(Delivery|納品)$/ }).click();
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: NAME }) });
}

test("a held source: the client sees its facts and checks a copy, takes it only once the order completes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const { id, code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `Live2D ${Date.now().toString(36)}`,
  });
  const now = Date.now();
  await setOrderState(id, {
    progress: "DELIVERED",
    payment: "COMPLETED",
    approvedAt: now - 3 * DAY,
    deliveredAt: now - DAY,
    deliveryDeadline: now + 10 * DAY,
    completionDeadline: now + 6 * DAY,
  });
  const stored = await devFixture<{ key: string; sha256: string }>("deliverableWithFacts", {
    orderId: id,
    base64: Buffer.from(ZIP).toString("base64"),
    name: NAME,
    held: true,
    details: LISTING,
  });
  expect(stored.sha256).toBe(SHA);

  // The creator: their file, marked as held, with their own download.
  const sellers = await openDelivery(page, MANAGEMENTS, code);
  await expect(sellers.getByText("Held until completion")).toBeVisible();
  await expect(sellers.getByRole("link", { name: `Download ${NAME}` })).toBeVisible();

  // The client: the name, size, checksum and contents; the release note instead of a download.
  await switchTo(page, client.email);
  const file = await openDelivery(page, REQUESTS, code);
  await expect(file.getByTestId("deliverable-held")).toHaveText(
    "The creator releases this file when the order completes.",
  );
  await expect(file.getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Download ${NAME}` })).toHaveCount(0);
  await expect(file.getByTestId("deliverable-facts")).toHaveText(`${ZIP.byteLength} bytes`);
  await expect(file.getByText(`${SHA.slice(0, 8)}…${SHA.slice(-8)}`)).toBeVisible();
  const contents = file.getByTestId("deliverable-zip");
  await contents.getByText(/^Contents: 5 items, .+ unpacked$/).click();
  await expect(contents.getByText("hiyori/hiyori.moc3")).toBeVisible();
  await expect(contents.getByText("hiyori/説明書.txt")).toBeVisible();
  // Nothing of the source is signed for the client: the page holds no URL of its key.
  expect(await page.content()).not.toContain(stored.key);

  // A copy checked in the browser: the same bytes match, others do not.
  await file.getByText("Check a downloaded file").click();
  await expect(file.getByTestId("deliverable-sha256")).toHaveText(SHA);
  const input = file.getByTestId("deliverable-check-input");
  await input.setInputFiles({ name: NAME, mimeType: "application/zip", buffer: Buffer.from(ZIP) });
  await expect(file.getByTestId("deliverable-check-result")).toHaveText(
    `Matches: ${NAME} is exactly the file that was delivered.`,
  );
  const damaged = Buffer.from(ZIP.subarray(0, ZIP.byteLength - 1));
  await input.setInputFiles({ name: "partial.zip", mimeType: "application/zip", buffer: damaged });
  await expect(file.getByTestId("deliverable-check-result")).toContainText("Does not match: partial.zip");
  await expectAccessible(page);

  // At 375 px the file's facts wrap; nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(file.getByTestId("deliverable-held")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The order completes: the client's download appears, and what they download has the checksum shown.
  await setOrderState(id, {
    progress: "COMPLETED",
    payment: "COMPLETED",
    approvedAt: now - 3 * DAY,
    deliveredAt: now - DAY,
    completedAt: Date.now(),
  });
  const released = await openDelivery(page, REQUESTS, code);
  await expect(released.getByTestId("deliverable-held")).toHaveCount(0);
  const downloading = page.waitForEvent("download");
  await released.getByRole("link", { name: `Download ${NAME}` }).click();
  const download = await downloading;
  const path = await download.path();
  expect(
    createHash("sha256")
      .update(await readFile(path))
      .digest("hex"),
  ).toBe(SHA);
});

test("the held note reads in Japanese", async ({ page }) => {
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const { id, code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `Live2D ${Date.now().toString(36)}`,
  });
  const now = Date.now();
  await setOrderState(id, { progress: "DELIVERED", payment: "COMPLETED", approvedAt: now - DAY, deliveredAt: now });
  await devFixture("deliverableWithFacts", {
    orderId: id,
    base64: Buffer.from(ZIP).toString("base64"),
    name: NAME,
    held: true,
    details: LISTING,
  });
  await switchTo(page, client.email);
  await switchToJapanese(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const file = await openDelivery(page, REQUESTS, code);
  await expect(file.getByTestId("deliverable-held")).toHaveText(
    message("orders", "ja", "orders_deliverable_held_note"),
  );
  await expect(file.getByTestId("deliverable-zip")).toContainText("内容：5 項目、展開後");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
