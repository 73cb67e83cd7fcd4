import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test } from "./fixtures";
import { devFixture, insertOrder, setOrderState } from "./order-fixtures";
import { newCreator, switchTo } from "./order-steps";

/**
 * The dev clock (issue 47, decision 080): a person moves Comet's time forward at /dev/clock, from the dev mailbox's
 * link and by keyboard, and sees the deadlines fire as they would days later: a stage under the client's review
 * approves itself, a delivered order completes. Then the clock goes back to the real time.
 *
 * The clock is the server's, and a move fires every deadline that has passed, other specs' orders included: this spec
 * runs alone, after every other has finished (playwright.config.ts, project "dev-clock"), and leaves the clock at the
 * real time whatever happens.
 */
const REQUESTS = "/dashboard/commission/client/requests";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const stateOf = (page: Page, n: number) => page.getByTestId(`stage-${n}`).getByTestId("stage-state");
const nextStep = (page: Page) => page.getByTestId("next-step");

test.afterEach(async ({ request }) => {
  const reset = await request.post("/dev/clock", {
    form: { intent: "reset" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(reset.ok(), `reset the dev clock: ${reset.status()}`).toBe(true);
});

test("moving the dev clock eight days: a stage under review approves itself and a delivered order completes", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const tag = Date.now().toString(36);
  // A paid three-stage order whose Sketch preview waits for the client's review (7 days), and a delivered order
  // waiting for completion (7 days), both on the real time.
  const staged = await devFixture<{ id: string; code: string }>("stagedOrder", {
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 10_000,
    title: `Clock staged ${tag}`,
  });
  const delivered = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title: `Clock delivered ${tag}`,
  });
  const now = Date.now();
  await setOrderState(delivered.id, {
    progress: "DELIVERED",
    payment: "COMPLETED",
    approvedAt: now - 2 * DAY,
    deliveredAt: now - HOUR,
    completionDeadline: now + 7 * DAY,
  });

  await switchTo(page, client.email);
  await page.goto(`${REQUESTS}?order=${staged.code}`);
  await expect(stateOf(page, 1)).toHaveText("Awaiting your review");
  await page.goto(`${REQUESTS}?order=${delivered.code}`);
  await expect(nextStep(page)).toContainText("Deadline");

  // The clock, from the dev mailbox: on the real time.
  await page.goto("/dev/mailbox");
  await page.getByRole("link", { name: "Dev clock" }).click();
  await expect(page).toHaveURL(/\/dev\/clock$/);
  await expect(page.getByText("The real time: the clock has not moved.")).toBeVisible();
  const shownNow = page.getByTestId("dev-clock-now");
  const before = Date.parse((await shownNow.getAttribute("datetime")) ?? "");
  expect(Math.abs(before - Date.now())).toBeLessThan(5 * 60_000);

  // A day: neither deadline yet.
  await page.getByRole("button", { name: "+1 day" }).click();
  await expect(page.getByRole("status")).toContainText("Deadlines fired:");
  await expect(page.getByText("1 d 0 h ahead of the real time.")).toBeVisible();
  await page.goto(`${REQUESTS}?order=${staged.code}`);
  await expect(stateOf(page, 1)).toHaveText("Awaiting your review");

  // Seven days more, typed and sent with Enter: both deadlines pass, and the move fires them.
  await page.goto("/dev/clock");
  const days = page.getByLabel("Days");
  await days.fill("7");
  await days.press("Enter");
  // A move wakes every order whose deadline passed (all the specs' before this one): it may take a while.
  await expect(page.getByRole("status")).toContainText("Deadlines fired:", { timeout: 180_000 });
  await expect(page.getByText("8 d 0 h ahead of the real time.")).toBeVisible();
  const after = Date.parse((await shownNow.getAttribute("datetime")) ?? "");
  expect(after - Date.now()).toBeGreaterThan(8 * DAY - 5 * 60_000);

  await page.goto(`${REQUESTS}?order=${staged.code}`);
  await expect(stateOf(page, 1)).toHaveText("Approved automatically");
  await expect(stateOf(page, 2)).toHaveText("In progress");
  await page.goto(`${REQUESTS}?order=${delivered.code}`);
  await expect(nextStep(page)).toContainText("Commission was successfully completed.");

  // Back to the real time; what happened stays.
  await page.goto("/dev/clock");
  await page.getByRole("button", { name: "Back to the real time" }).click();
  await expect(page.getByRole("status")).toHaveText("Back to the real time. What already happened stays as it is.");
  await expect(page.getByText("The real time: the clock has not moved.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Back to the real time" })).toBeDisabled();
  await page.goto(`${REQUESTS}?order=${delivered.code}`);
  await expect(nextStep(page)).toContainText("Commission was successfully completed.");
});

test("the dev clock's page in Japanese", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await page.goto("/dev/clock");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("開発用時計");
  await expect(page.getByText("実時刻です（時計は進めていません）。")).toBeVisible();
  await expect(page.getByRole("button", { name: "+1 時間" })).toBeVisible();
  await expect(page.getByLabel("日数")).toHaveValue("7");
});
