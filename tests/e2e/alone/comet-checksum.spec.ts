import { createHash, randomFillSync } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signInWithApi, test } from "../fixtures";
import { message } from "../messages";
import { orderInProgress, pageInNewContext } from "../order-steps";

/**
 * Issue 75's walk: the SHA-256 both parties see is Comet's own. A creator's 200 MiB file goes through the multipart
 * door the page uses, sent by the test itself so it can say what a careless or lying browser would: completed with a
 * wrong SHA-256, the file is shown as "checksum differs" to the creator and, once delivered, to the client, the
 * SHA-256 shown being the one of the bytes sent (the server's), the browser's claim beside it. A second 200 MiB file
 * completed with its right SHA-256 shows that hash and no warning. The server hashes in the background: the page says
 * "being checked" until it knows, and asks again by itself.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const MIB = 1024 * 1024;
const SIZE = 200 * MIB;
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1];

const say = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{${name}}`, value),
    message("orders", "en", key),
  );

/** 200 MiB that sniff as a PNG (the kind is checked again at completion), the rest random. */
function bigFile(): { bytes: Buffer; sha256: string } {
  const bytes = Buffer.alloc(SIZE);
  randomFillSync(bytes);
  bytes.set(PNG_HEAD);
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}

interface Upload {
  id: string;
  partSize: number;
  partCount: number;
}

/**
 * What the page's uploader does (app/components/media/multipart-upload.ts), with `claimed` as the browser's SHA-256:
 * start, sign the parts, PUT each, complete, attach to the order.
 */
async function sendThroughDoor(
  request: APIRequestContext,
  order: { id: string },
  file: { bytes: Buffer; name: string; claimed: string },
) {
  const tabId = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const started = await request.post("/api/uploads", {
    data: {
      domain: "commission-order",
      id: order.id,
      field: "deliverables",
      name: file.name,
      size: file.bytes.length,
      kind: "png",
      lastModified: Date.now(),
      tabId,
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { upload } = (await started.json()) as { upload: Upload };
  const partNumbers = Array.from({ length: upload.partCount }, (_, i) => i + 1);
  const signed = await request.post(`/api/uploads/${upload.id}/parts`, { data: { partNumbers, tabId } });
  expect(signed.status(), await signed.text()).toBe(200);
  const { parts } = (await signed.json()) as { parts: { partNumber: number; url: string }[] };
  for (const part of parts) {
    const from = (part.partNumber - 1) * upload.partSize;
    const sent = await request.put(part.url, {
      data: file.bytes.subarray(from, Math.min(file.bytes.length, from + upload.partSize)),
      timeout: 120_000,
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  const completed = await request.post(`/api/uploads/${upload.id}/complete`, {
    data: { sha256: file.claimed, tabId },
    timeout: 120_000,
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const { url } = (await completed.json()) as { url: string };
  const attached = await request.post("/api/features/commission/order/deliverable/create", {
    data: { orderId: order.id, medias: [{ url, name: file.name }] },
  });
  expect(attached.status(), await attached.text()).toBe(200);
}

async function openDelivery(page: Page, path: string, code: string) {
  await page.goto(`${path}?order=${code}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("tab", { name: say("orders_tab_delivery") }).click({ timeout: 30_000 });
}

const entryOf = (page: Page, name: string) =>
  page.getByTestId("deliverable").filter({ has: page.getByRole("heading", { name }) });

type Sent = { sha256: string; name: string };

/** One party's Delivery tab: the first file 'checksum differs', the server's hash and the claim; the second verified. */
async function readsBoth(
  viewer: Page,
  path: string,
  code: string,
  who: string,
  { lied, honest, wrong }: { lied: Sent; honest: Sent; wrong: string },
) {
  await test.step(`${who} reads 'checksum differs' on the first, with the server's SHA-256 and the browser's claim`, async () => {
    await openDelivery(viewer, path, code);
    const entry = entryOf(viewer, lied.name);
    // Being checked, or already checked: the page asks again by itself until the server's hash is known.
    await expect(entry.getByTestId("deliverable-checksum-differs")).toContainText(
      say("orders_deliverable_checksum_differs", { name: lied.name }),
      { timeout: 120_000 },
    );
    await expect(entry.getByTestId("deliverable-claimed-sha256")).toHaveText(wrong);
    await expect(entry.getByTestId("deliverable-sha256")).toHaveText(lied.sha256);
    await expect(entry.getByTestId("deliverable-checksum-pending")).toHaveCount(0);
  });

  await test.step(`${who} reads the server's SHA-256 on the second, and no warning`, async () => {
    const entry = entryOf(viewer, honest.name);
    await expect(entry.getByTestId("deliverable-sha256")).toHaveText(honest.sha256, { timeout: 120_000 });
    await expect(entry.getByTestId("deliverable-checksum-differs")).toHaveCount(0);
    await expect(entry.getByTestId("deliverable-checksum-pending")).toHaveCount(0);
  });
}

test("a 200 MiB file whose browser claimed a wrong SHA-256 reads 'checksum differs' to both parties; a right one shows the server's hash", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const { id, code, client } = await orderInProgress(page, {
    priceAmount: 60_000,
    title: `Checksum ${Date.now().toString(36)}`,
  });
  const lied = { ...bigFile(), name: "master-lied.png" };
  const honest = { ...bigFile(), name: "master-honest.png" };
  const wrong = createHash("sha256").update("not the file that was sent").digest("hex");

  await test.step("the creator's two files go through the door: one with a wrong SHA-256, one with its own", async () => {
    await sendThroughDoor(page.request, { id }, { bytes: lied.bytes, name: lied.name, claimed: wrong });
    await sendThroughDoor(page.request, { id }, { bytes: honest.bytes, name: honest.name, claimed: honest.sha256 });
  });

  await readsBoth(page, MANAGEMENTS, code, "the creator", { lied, honest, wrong });

  await test.step("the creator delivers", async () => {
    const deliver = page.getByRole("button", { name: say("orders_deliver"), exact: true });
    await deliver.click();
    await expect(deliver).toHaveCount(0);
  });

  const buyer = await pageInNewContext(browser, baseURL!, "10.75.0.2");
  await signInWithApi(buyer, client.email);
  await readsBoth(buyer, REQUESTS, code, "the client", { lied, honest, wrong });
  await buyer.context().close();
});
