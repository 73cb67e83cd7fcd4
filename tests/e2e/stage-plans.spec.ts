import type { Page } from "@playwright/test";
import { expect, expectAccessible, signUpWithApi, test } from "./fixtures";
import { insertOrder } from "./order-fixtures";
import { newCreator } from "./order-steps";

/**
 * A creator's milestones (issue 36, decision 073): on a new service they add three stages with the keyboard's help of
 * the editor (a running total, the sum's error), a save at 90% is refused with the rows kept as typed, the fixed plan
 * is saved and read back after a reload, and on a pending order's Other settings they change the order's plan.
 */
const stage = (page: Page, number: number) => page.getByRole("group", { name: `Milestone ${number}`, exact: true });

async function fillStage(page: Page, number: number, title: string, share: string, revisions: string) {
  const row = stage(page, number);
  await row.getByLabel("Title", { exact: true }).fill(title);
  await row.getByLabel("Share (%)", { exact: true }).fill(share);
  await row.getByLabel("Included revisions", { exact: true }).fill(revisions);
}

async function expectStage(page: Page, number: number, title: string, share: string, revisions: string) {
  const row = stage(page, number);
  await expect(row.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(row.getByLabel("Share (%)", { exact: true })).toHaveValue(share);
  await expect(row.getByLabel("Included revisions", { exact: true })).toHaveValue(revisions);
}

test("a creator plans a service's milestones, is told when they miss 100%, and changes a pending order's plan", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const serviceTitle = `Staged ${Date.now().toString(36)}`;

  await test.step("three stages on a new service; 90% is refused with the rows kept", async () => {
    await page.goto("/dashboard/commission/setting/service/new");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Title", { exact: true }).fill(serviceTitle);
    await page.getByLabel("Starting price", { exact: true }).fill("12000");
    await expect(page.getByText("No milestones: the client pays and you deliver as usual.")).toBeVisible();
    await page.getByRole("button", { name: "Add milestones" }).click();
    // Focus goes to the new row's title, so the keyboard user types on.
    await expect(stage(page, 1).getByLabel("Title", { exact: true })).toBeFocused();
    await fillStage(page, 1, "Sketch", "30", "1");
    await page.getByRole("button", { name: "Add a milestone" }).click();
    await fillStage(page, 2, "Line art", "30", "1");
    await page.getByRole("button", { name: "Add a milestone" }).click();
    await fillStage(page, 3, "Colour", "30", "2");
    await expect(page.getByTestId("stage-plan-total")).toHaveText("90%");
    await expect(page.getByText("The shares must add up to 100%.")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Some fields need your attention.", { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/service\/new$/);
    await expect(page.getByText("The shares must add up to 100%.")).toBeVisible();
    await expectStage(page, 1, "Sketch", "30", "1");
    await expectStage(page, 2, "Line art", "30", "1");
    await expectStage(page, 3, "Colour", "30", "2");
    await expect(page.getByLabel("Title", { exact: true }).first()).toHaveValue(serviceTitle);
  });

  await test.step("fixed to 100%, saved, and read back after a reload", async () => {
    await stage(page, 3).getByLabel("Share (%)", { exact: true }).fill("40");
    await expect(page.getByTestId("stage-plan-total")).toHaveText("100%");
    await expect(page.getByText("The shares must add up to 100%.")).toBeHidden();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);
    await page.getByRole("link", { name: `Edit ${serviceTitle}` }).click();
    await expect(page).toHaveURL(/\/service\/[^/]+\/edit$/);
    await page.reload();
    await expectStage(page, 1, "Sketch", "30", "1");
    await expectStage(page, 2, "Line art", "30", "1");
    await expectStage(page, 3, "Colour", "40", "2");
  });

  await test.step("on a pending order's Other settings, the creator changes the order's plan", async () => {
    const title = `Pending ${Date.now().toString(36)}`;
    const { code } = await insertOrder({
      sellerEmail: creator.email,
      buyerEmail: client.email,
      priceAmount: 12_000,
      title,
    });
    await page.goto(`/dashboard/commission/managements?order=${code}`);
    await page.getByRole("tab", { name: "Other settings" }).click();
    const milestones = page.getByRole("region", { name: "Milestones", exact: true });
    await expect(milestones.getByText("No milestones.")).toBeVisible();
    await milestones.getByRole("button", { name: "Edit" }).click();
    // The form has no field yet: focus goes to its first button.
    await expect(milestones.getByRole("button", { name: "Add milestones" })).toBeFocused();
    await page.keyboard.press("Enter");
    await fillStage(page, 1, "Rough", "40", "0");
    await milestones.getByRole("button", { name: "Add a milestone" }).click();
    await fillStage(page, 2, "Finish", "60", "3");
    await expectAccessible(page);
    await milestones.getByRole("button", { name: "Save" }).click();
    await expect(milestones.getByText("Rough: 40% (revisions included: 0)")).toBeVisible();
    await expect(milestones.getByText("Finish: 60% (revisions included: 3)")).toBeVisible();

    await page.reload();
    await page.getByRole("tab", { name: "Other settings" }).click();
    await expect(milestones.getByText("Finish: 60% (revisions included: 3)")).toBeVisible();
  });
});
