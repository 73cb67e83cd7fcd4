import type { Page } from "@playwright/test";
import { expect, hydrated, signUpWithApi, test, visit } from "./fixtures";
import { insertOrder, setOrderState } from "./order-fixtures";
import { newCreator, switchTo } from "./order-steps";
import { pngBytes } from "./png";

/**
 * Issue 33, "done but untested": the order panel's rows. Unpaid and Paid in the Payment tab; the DELIVERED and
 * COMPLETED notices of spec section 4 (next step, its time and deadline, the buyer's waiting label) on both sides;
 * and a refused approve, cancel, update, deliver or complete, which the page only logs (spec section 8): it keeps
 * showing the order as it was, and nothing changed.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";

const panel = (page: Page, code: string) => page.getByRole("article", { name: new RegExp(code) });
const nextStep = (page: Page) => page.getByTestId("next-step");
const badge = (page: Page, code: string, label: string) => panel(page, code).getByText(label, { exact: true }).first();

const at = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day, 12);
const APPROVED_AT = at(2026, 1, 4);
const DELIVERED_AT = at(2026, 1, 6);
const COMPLETED_AT = at(2026, 1, 8);
const COMPLETION_DEADLINE = at(2030, 1, 13);

async function paymentStatus(page: Page) {
  await page.getByRole("tab", { name: "Payment" }).click();
  return page.getByRole("tabpanel").getByText("Payment status", { exact: true }).locator("xpath=..");
}

test("Unpaid and Paid on the order's Payment tab, for both parties", async ({ page }) => {
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const { id, code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `Paid ${Date.now().toString(36)}`,
  });

  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(await paymentStatus(page)).toHaveText("Payment statusUnpaid");

  await setOrderState(id, {
    progress: "APPROVED",
    payment: "COMPLETED",
    approvedAt: APPROVED_AT,
    deliveryDeadline: COMPLETION_DEADLINE,
  });
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(await paymentStatus(page)).toHaveText("Payment statusPaid");

  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(await paymentStatus(page)).toHaveText("Payment statusPaid");
});

test("DELIVERED and COMPLETED: the next step, its time and deadline, and the buyer's waiting label, on both sides", async ({
  page,
}) => {
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const { id, code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `Notices ${Date.now().toString(36)}`,
  });

  await setOrderState(id, {
    progress: "DELIVERED",
    payment: "COMPLETED",
    approvedAt: APPROVED_AT,
    deliveredAt: DELIVERED_AT,
    completionDeadline: COMPLETION_DEADLINE,
  });
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(badge(page, code, "Delivered")).toBeVisible();
  await expect(nextStep(page)).toContainText("Complete");
  await expect(nextStep(page)).toContainText("Delivered");
  await expect(nextStep(page)).toContainText("January 6, 2026");
  await expect(nextStep(page)).toContainText("Deadline");
  await expect(nextStep(page)).toContainText("January 13, 2030");
  await expect(panel(page, code).getByRole("button", { name: "Complete", exact: true })).toBeEnabled();
  await expect(panel(page, code).getByRole("button", { name: "Awaiting creator complete" })).toHaveCount(0);

  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(nextStep(page)).toContainText("January 6, 2026");
  await expect(nextStep(page)).toContainText("January 13, 2030");
  await expect(panel(page, code).getByRole("button", { name: "Awaiting creator complete" })).toBeDisabled();
  await expect(panel(page, code).getByRole("button", { name: "Complete", exact: true })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Delivery" })).toBeVisible();

  await setOrderState(id, {
    progress: "COMPLETED",
    payment: "COMPLETED",
    approvedAt: APPROVED_AT,
    deliveredAt: DELIVERED_AT,
    completedAt: COMPLETED_AT,
    completionDeadline: COMPLETION_DEADLINE,
  });
  await page.goto(`${REQUESTS}?order=${code}`);
  await expect(badge(page, code, "Completed")).toBeVisible();
  await expect(nextStep(page)).toContainText("Commission was successfully completed.");
  await expect(nextStep(page)).toContainText("January 8, 2026");
  // Closed: no deadline, and nothing left to wait for.
  await expect(nextStep(page)).not.toContainText("Deadline");
  await expect(panel(page, code).getByRole("button", { name: /^Awaiting/ })).toHaveCount(0);

  await switchTo(page, creator.email);
  await page.goto(`${MANAGEMENTS}?order=${code}`);
  await expect(nextStep(page)).toContainText("Commission was successfully completed.");
  await expect(nextStep(page)).toContainText("January 8, 2026");
  await expect(panel(page, code).getByRole("button", { name: "Complete", exact: true })).toHaveCount(0);
});

test("a refused approve, cancel, update, deliver or complete leaves the page showing the order as it was", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const title = `Refused ${Date.now().toString(36)}`;
  const shown = await insertOrder({ sellerEmail: creator.email, buyerEmail: client.email, priceAmount: 12_000, title });
  // An order the creator is no party to: every action the page posts is sent for it instead, and the order's object
  // refuses it (409), as it refuses any action the order's state no longer allows.
  const foreign = await insertOrder({
    sellerEmail: client.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `Foreign ${title}`,
  });
  const refusals: number[] = [];
  await page.route(
    (url) => url.pathname.startsWith(MANAGEMENTS),
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const postData = (request.postData() ?? "").replace(shown.id, foreign.id);
      // Playwright's own client may send on a kept-alive connection the preview server is closing as idle, and gets
      // ECONNRESET before any answer (seen once in CI, no error on the server). Sent again once: the order refuses the
      // action either way, so a second send changes nothing.
      const response = await route
        .fetch({ postData })
        .catch((error: Error) =>
          /ECONNRESET/.test(error.message) ? route.fetch({ postData }) : Promise.reject(error),
        );
      refusals.push(response.status());
      await route.fulfill({ response });
    },
  );
  // Each press waits for React's handlers (`hydrated`): on a loaded machine a press before them posts as a plain form
  // and a tab pressed then only takes focus (CI once waited two minutes on Other settings so).
  const open = async () => {
    await visit(page, `${MANAGEMENTS}?order=${shown.code}`);
    await expect(panel(page, shown.code).getByRole("heading", { name: title })).toBeVisible();
  };
  const summary = () => page.getByRole("region", { name: title });
  const expectRefused = async (count: number) => {
    await expect.poll(() => refusals.length).toBe(count);
    expect(refusals.at(-1), "the server refused the action").toBe(409);
    await hydrated(page);
  };

  await open();
  await summary().getByRole("button", { name: "Approve" }).click();
  await expectRefused(1);
  await expect(badge(page, shown.code, "Pending")).toBeVisible();
  await expect(nextStep(page)).toContainText("Approval");
  await expect(summary().getByRole("button", { name: "Approve" })).toBeEnabled();

  page.once("dialog", (dialog) => dialog.accept());
  await summary()
    .getByRole("button", { name: /^Cancel/ })
    .click();
  await expectRefused(2);
  await expect(badge(page, shown.code, "Pending")).toBeVisible();
  await expect(summary().getByRole("button", { name: "Approve" })).toBeEnabled();

  await page.getByRole("tab", { name: "Other settings" }).click();
  const price = page.getByRole("region", { name: "Price" });
  await price.getByRole("button", { name: "Edit" }).click();
  await price.getByLabel(/Total price/).fill("15000");
  await price.getByRole("button", { name: "Save" }).click();
  await expectRefused(3);
  await expect(price.getByRole("button", { name: "Save" })).toBeEnabled();
  await expect(summary().getByText("¥12,000").first()).toBeVisible();
  await expect(summary().getByText("¥15,000")).toHaveCount(0);

  // Nothing changed on the server either: the page opened again shows the same.
  await open();
  await expect(badge(page, shown.code, "Pending")).toBeVisible();
  await expect(summary().getByText("¥12,000").first()).toBeVisible();

  // Paid, with a file: Deliver is refused.
  await setOrderState(shown.id, {
    progress: "APPROVED",
    payment: "COMPLETED",
    approvedAt: APPROVED_AT,
    deliveryDeadline: COMPLETION_DEADLINE,
  });
  await open();
  await page.getByRole("tab", { name: "Delivery" }).click();
  await page.getByLabel("Upload files").setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(page.getByRole("link", { name: "Download final.png" })).toBeVisible();
  await summary().getByRole("button", { name: "Deliver" }).click();
  await expectRefused(4);
  await expect(badge(page, shown.code, "Accepted")).toBeVisible();
  await expect(nextStep(page)).toContainText("Delivery");
  await expect(summary().getByRole("button", { name: "Deliver" })).toBeEnabled();

  // Delivered: Complete is refused.
  await setOrderState(shown.id, {
    progress: "DELIVERED",
    payment: "COMPLETED",
    approvedAt: APPROVED_AT,
    deliveredAt: DELIVERED_AT,
    completionDeadline: COMPLETION_DEADLINE,
  });
  await open();
  // Complete asks what it releases first (issue 75).
  page.once("dialog", (dialog) => void dialog.accept());
  await summary().getByRole("button", { name: "Complete", exact: true }).click();
  await expectRefused(5);
  await expect(badge(page, shown.code, "Delivered")).toBeVisible();
  await expect(summary().getByRole("button", { name: "Complete", exact: true })).toBeEnabled();
  await open();
  await expect(badge(page, shown.code, "Delivered")).toBeVisible();
});
