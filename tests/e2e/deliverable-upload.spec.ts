import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import type { Page, Route } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./fixtures";
import { message } from "./messages";
import { orderInProgress } from "./order-steps";
import { pngBytes } from "./png";

/**
 * A deliverable sent in parts (issue 60, decision 096), as a creator sends one: a 12 MiB file (a PNG's bytes, then
 * filler; its kind is read from its first bytes) goes up in three parts side by side, with its progressbar, its bytes
 * sent and Pause; paused, it keeps nothing in flight, and Resume sends the parts again and attaches the file, whose
 * SHA-256 the order then shows. Then a reload mid-upload: the first part reaches the server and the others are cut
 * (route abort); after the reload the page lists the unfinished upload, and choosing the same file again sends only
 * the two missing parts. In Japanese at 375 px, a paused file is cancelled and nothing of it is left to resume.
 *
 * The file is written to disk and picked by path, so it keeps its lastModified across picks as a real file does (a
 * buffer handed to the picker would be a new file each time).
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const MIB = 1024 * 1024;
const SIZE = 12 * MIB;
/** The door cuts a file up to 100 MiB into R2's smallest parts, 5 MiB: 5 + 5 + 2. */
const PARTS = 3;

function fileBytes(seed: number): Buffer {
  const bytes = Buffer.alloc(SIZE);
  pngBytes().copy(bytes, 0);
  // Filler that differs from part to part, so a part sent in the wrong place would change the checksum.
  let x = seed;
  for (let i = 64; i < SIZE; i += 4) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    bytes.writeUInt32LE(x, i - (i % 4));
  }
  return bytes;
}

/** A paid order in progress between a fresh creator (the page, signed in) and a fresh client. */
const approvedOrder = (page: Page) =>
  orderInProgress(page, { priceAmount: 15_000, title: `Master ${Date.now().toString(36)}` });

async function openDelivery(page: Page, code: string, tab = "Delivery", picker = "Upload files") {
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("tab", { name: tab }).click();
  await expect(page.getByLabel(picker)).toBeAttached();
}

/** A part's PUT to the local part door (the Worker's; production's go to R2's presigned URLs). */
const isPartPut = (url: URL) => /\/api\/uploads\/[^/]+\/parts\/\d+$/.test(url.pathname);

/** Hands a route on, unless the page aborted its request meanwhile (a Pause, a reload). */
async function pass(route: Route) {
  await route.continue().catch(() => {});
}

test("a creator sends a 12 MiB file in parts, pauses, resumes, and it is attached with its checksum", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const { code } = await approvedOrder(page);
  const bytes = fileBytes(1);
  const path = testInfo.outputPath("master-take.png");
  await writeFile(path, bytes);
  await openDelivery(page, code);

  // The parts are held at the door until the test has paused.
  const puts: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(isPartPut, async (route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    puts.push(new URL(route.request().url()).pathname);
    await gate;
    await pass(route);
  });

  await page.getByLabel("Upload files").setInputFiles(path);
  const bar = page.getByRole("progressbar", { name: "master-take.png" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuetext", /^master-take\.png: \d+%, .+ of 12\.6 MB$/);
  await expect(page.getByRole("status").filter({ hasText: "Uploading master-take.png." })).toBeAttached();
  // All three parts go at once.
  await expect.poll(() => puts.length).toBe(PARTS);

  await page.getByRole("button", { name: "Pause the upload of master-take.png" }).click();
  await expect(page.getByText("Paused", { exact: true })).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  // The paused file's row (its bar, its bytes, Resume and Cancel) passes axe in both themes.
  await expect(page.getByRole("button", { name: "Cancel the upload of master-take.png" })).toBeVisible();
  await expectAccessible(page);
  open();

  await page.getByRole("button", { name: "Resume the upload of master-take.png" }).click();
  await expect(page.getByRole("heading", { name: "master-take.png" })).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole("status").filter({ hasText: "master-take.png was uploaded and added to the order." }),
  ).toBeAttached();
  await expect(bar).toHaveCount(0);
  // Each part was sent twice: once before the pause (aborted), once after.
  expect(puts).toHaveLength(2 * PARTS);
  expect(new Set(puts).size).toBe(PARTS);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await expect(page.getByTestId("deliverable-sha256")).toHaveText(sha256);
  await expect(page.getByRole("link", { name: "Download master-take.png" })).toBeVisible();
});

test("a reload mid-upload: choosing the same file again sends only the parts the server lacks", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const { code } = await approvedOrder(page);
  const bytes = fileBytes(2);
  const path = testInfo.outputPath("live2d-master.png");
  await writeFile(path, bytes);
  await openDelivery(page, code);

  // The first part reaches the server; the connection drops for every other.
  const sent: number[] = [];
  await page.route(isPartPut, async (route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    const part = Number(new URL(route.request().url()).pathname.split("/").pop());
    if (part !== 1) return route.abort("connectionreset");
    sent.push(part);
    await pass(route);
  });
  const firstPart = page.waitForResponse(
    (response) => isPartPut(new URL(response.url())) && response.url().includes("/parts/1") && response.ok(),
  );
  await page.getByLabel("Upload files").setInputFiles(path);
  await firstPart;

  // The cut stays through the reload: a part the old page tries again meanwhile must not slip through.
  await page.reload();
  await hydrated(page);
  await page.getByRole("tab", { name: "Delivery" }).click();
  // 5 MiB of 12 MiB: 41%.
  await expect(
    page.getByText("Unfinished: live2d-master.png, 41% sent — choose the same file to resume"),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel the unfinished upload of live2d-master.png" })).toBeVisible();
  await page.unroute(isPartPut);

  const resent: number[] = [];
  await page.route(isPartPut, async (route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    resent.push(Number(new URL(route.request().url()).pathname.split("/").pop()));
    await pass(route);
  });
  await page.getByLabel("Upload files").setInputFiles(path);
  await expect(page.getByRole("heading", { name: "live2d-master.png" })).toBeVisible({ timeout: 60_000 });
  // Only the parts the server lacks (a part whose try failed may go twice; a part the server had, never).
  expect([...new Set(resent)].sort()).toEqual([2, 3]);
  await expect(page.getByText(/^Unfinished: live2d-master\.png/)).toHaveCount(0);
  await expect(page.getByTestId("deliverable-sha256")).toHaveText(createHash("sha256").update(bytes).digest("hex"));
});

test("in Japanese at 375 px: a paused file is cancelled, and nothing of it is left to resume", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const ja = (key: string) => message("work-files", "ja", key);
  const { code } = await approvedOrder(page);
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.setViewportSize({ width: 375, height: 800 });
  const path = testInfo.outputPath("原画.png");
  await writeFile(path, fileBytes(3));
  const picker = message("orders", "ja", "orders_deliverables_upload");
  await openDelivery(page, code, message("orders", "ja", "orders_tab_delivery"), picker);

  // The parts never reach the door: the file stays at 0% until it is paused.
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(isPartPut, async (route) => {
    await gate;
    await route.abort().catch(() => {});
  });
  await page.getByLabel(picker).setInputFiles(path);
  const bar = page.getByRole("progressbar", { name: "原画.png" });
  await expect(bar).toHaveAttribute("aria-valuetext", /^原画\.png：0%（0 バイト \/ 12\.6 MB）$/);
  await page.getByRole("button", { name: ja("work_files_upload_pause_label").replace("{name}", "原画.png") }).click();
  await expect(page.getByText(ja("work_files_upload_paused"), { exact: true })).toBeVisible();
  open();
  await expect(
    page.getByRole("button", { name: ja("work_files_upload_resume_label").replace("{name}", "原画.png") }),
  ).toBeVisible();
  // Nothing at 375 px scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);

  const deleted = page.waitForResponse(
    (r) => r.request().method() === "DELETE" && /\/api\/uploads\/[^/]+$/.test(r.url()),
  );
  await page.getByRole("button", { name: ja("work_files_upload_cancel_label").replace("{name}", "原画.png") }).click();
  expect((await deleted).ok()).toBe(true);
  await expect(bar).toHaveCount(0);
  await expect(
    page.getByRole("status").filter({ hasText: ja("work_files_upload_cancelled").replace("{name}", "原画.png") }),
  ).toBeAttached();

  // After a reload the server lists nothing unfinished: the cancelled upload is gone, not waiting to resume.
  const listed = page.waitForResponse((r) => r.request().method() === "GET" && r.url().includes("/api/uploads?"));
  await page.reload();
  await page.getByRole("tab", { name: message("orders", "ja", "orders_tab_delivery") }).click();
  expect(((await (await listed).json()) as { uploads: unknown[] }).uploads).toEqual([]);
  await expect(page.getByRole("heading", { name: ja("work_files_upload_unfinished_heading") })).toHaveCount(0);
});
