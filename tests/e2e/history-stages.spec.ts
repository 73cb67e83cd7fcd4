import { expect, signUpWithApi, test } from "./fixtures";
import { devFixture, insertOrder } from "./order-fixtures";
import { newCreator, switchTo } from "./order-steps";

/**
 * A staged order in the money histories (issue 36): canceled after its first stage, the creator's sales history and
 * wallet show each stage's amount, the first stage's released payout and the refund; the client's billing history
 * shows the stages and what came back.
 */
test("a staged order canceled after its first stage shows each stage's money in the histories", async ({ page }) => {
  test.setTimeout(120_000);
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const title = `Stages ${Date.now().toString(36)}`;
  const { id, code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 10_000,
    title,
  });
  await devFixture("canceledStagedSale", { orderId: id });

  for (const [path, table] of [
    ["/dashboard/history/sales", "sales-history"],
    ["/dashboard/creator/wallet", "wallet-orders"],
  ] as const) {
    await page.goto(path);
    const stages = page.getByTestId(table).locator(`tr[data-order="${code}"]`).getByTestId("history-stages");
    await expect(stages.locator("li")).toHaveCount(3);
    await expect(stages.locator('li[data-stage="0"]')).toContainText("1. Sketch ¥3,000");
    await expect(stages.locator('li[data-stage="0"]')).toContainText("Released");
    await expect(stages.locator('li[data-stage="0"]')).toContainText("transferred");
    await expect(stages.locator('li[data-stage="2"]')).toContainText("3. Colour ¥4,000");
    await expect(stages.locator('li[data-stage="2"]')).toContainText("Refunded");
    await expect(stages.getByTestId("staged-cancel")).toHaveText("Refunded ¥7,000 · ¥3,000 kept for approved stages");
  }

  await switchTo(page, client.email);
  await page.goto("/dashboard/history/billing");
  const stages = page.getByTestId("billing-history").locator(`tr[data-order="${code}"]`).getByTestId("history-stages");
  await expect(stages.locator('li[data-stage="1"]')).toContainText("2. Line art ¥3,000");
  await expect(stages.locator('li[data-stage="1"]')).not.toContainText("fee");
  await expect(stages.getByTestId("staged-cancel")).toHaveText("Refunded ¥7,000 · ¥3,000 kept for approved stages");
});
