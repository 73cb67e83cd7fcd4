import { expect, signUpWithApi, test } from "./fixtures";
import { insertOrder } from "./order-fixtures";
import { newCreator, saveCard, switchTo } from "./order-steps";
import { pngBytes } from "./png";

/**
 * The money history pages (docs/decisions/026): an order paid through the Stripe emulator shows in the creator's
 * sales with its amount breakdown and totals, and in the client's billing history (and /dashboard/billing) as paid,
 * each linking back to the order on the right side.
 */
test("a creator and a client see an order paid through the emulator in their histories", async ({ page }) => {
  test.setTimeout(120_000);
  const client = await signUpWithApi(page);
  await saveCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  // Before paying: the empty state.
  await page.goto("/dashboard/history/billing");
  await expect(page.getByText("No payments yet.")).toBeVisible();
  const creator = await newCreator(page);

  const title = `History ${Date.now().toString(36)}`;
  const { code } = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 12_000,
    title,
  });
  await page.goto(`/dashboard/commission/managements?order=${code}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(
    page.getByRole("article", { name: new RegExp(code) }).getByText("Accepted", { exact: true }),
  ).toBeVisible();

  await switchTo(page, client.email);
  await page.goto(`/dashboard/commission/client/requests?order=${code}`);
  await page.getByRole("tab", { name: "Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("button", { name: "Awaiting creator delivery" })).toBeVisible();

  for (const path of ["/dashboard/history/billing", "/dashboard/billing"]) {
    await page.goto(path);
    const row = page.getByTestId("billing-history").locator(`tr[data-order="${code}"]`);
    await expect(row).toContainText("¥12,000");
    await expect(row).toContainText(`@${creator.handle}`);
    await expect(row.getByTestId("history-status")).toHaveText("Paid");
    await expect(row.getByRole("link", { name: new RegExp(title) })).toHaveAttribute(
      "href",
      `/dashboard/commission/client/requests?order=${code}`,
    );
  }

  await switchTo(page, creator.email);
  await page.goto("/dashboard/history/sales");
  const sale = page.getByTestId("sales-history").locator(`tr[data-order="${code}"]`);
  // 12,000 yen: tax 1,091 (1/11), sales 10,909, income 9,885 (sales / 1.1036), fee 1,024.
  for (const figure of ["¥12,000", "¥1,091", "¥10,909", "¥1,024", "¥9,885"]) await expect(sale).toContainText(figure);
  await expect(sale).toContainText(`@${client.handle}`);
  await expect(sale.getByTestId("history-status")).toHaveText("Paid");
  await expect(page.getByTestId("sales-totals")).toContainText("¥9,885");
  await sale.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/commission/managements\\?order=${code}`));

  // After delivery the creator adds the order to the portfolio: the client-work editor opens prefilled.
  await page.getByRole("tab", { name: "Delivery" }).click();
  await expect(page.getByRole("button", { name: "Add to portfolio" })).toHaveCount(0);
  await page.getByLabel("Upload files").setInputFiles({ name: "final.png", mimeType: "image/png", buffer: pngBytes() });
  await expect(page.getByRole("link", { name: "Download final.png" })).toBeVisible();
  await page.getByRole("button", { name: "Deliver" }).click();
  await expect(
    page
      .getByRole("article", { name: new RegExp(code) })
      .getByText("Delivered", { exact: true })
      .first(),
  ).toBeVisible();
  await page.getByRole("tab", { name: "Delivery" }).click();
  await page.getByRole("button", { name: "Add to portfolio" }).click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/[^/]+\/edit$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByText(/1 of 10 media/)).toBeVisible();
  // The copied picture is the work's own: saving keeps it, and the work is on the client-works list.
  await page.getByLabel("Description", { exact: true }).fill("A knight in a blue cape, made for a client.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/client$/);
  await expect(page.getByText(title)).toBeVisible();
});
