import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, newSignedUpUser, test, visit } from "./fixtures";
import { pngBytes } from "./png";

// The work editor's access lists, share images and own categories (docs/decisions/032-work-editor-grants.md): a
// creator makes a work private, grants one user view by handle (an unknown handle is refused and nothing typed is
// lost), adds a share preview image and a category of their own, and a reload shows them all. A user granted edit
// (not a creator) opens the same editor, saves the title, and sees the access lists read-only; the view grantee gets 404.

const workTitle = `Granted piece ${Date.now().toString(36)}`;

const accessList = (page: Page, legend: string) => page.getByRole("group", { name: legend, exact: true });

test("a creator makes a work private, grants one user view, and adds a share image and an own category", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const png = testInfo.outputPath("share.png");
  writeFileSync(png, pngBytes());
  const creator = await newSignedUpUser(browser, baseURL!, "198.51.100.231");
  const viewer = await newSignedUpUser(browser, baseURL!, "198.51.100.232");
  const editor = await newSignedUpUser(browser, baseURL!, "198.51.100.233");
  let editPath = "";
  try {
    const page = creator.page;
    await visit(page, "/dashboard/creator/home");
    await page.getByRole("button", { name: "Become a creator" }).click();
    await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form/);

    await test.step("a new work, saved, then opened for editing", async () => {
      await visit(page, "/dashboard/portfolio/creator/new");
      await page.getByLabel("Title", { exact: true }).fill(workTitle);
      await page.getByLabel("Description", { exact: true }).fill("A piece only some may see.");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
      await page.getByRole("link", { name: `Edit ${workTitle}` }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/[^/]+\/edit$/);
      await page.waitForLoadState("networkidle");
      editPath = new URL(page.url()).pathname;
    });

    await test.step("private, with view for one user; an unknown handle is refused and kept", async () => {
      await page.getByRole("radio", { name: /^Private/ }).check();
      const view = accessList(page, "Can view");
      await view.getByRole("textbox", { name: "Users (handles)" }).fill(`@${viewer.user.handle}`);
      await view.getByRole("button", { name: "Add user" }).click();
      await expect(view.getByText(`@${viewer.user.handle}`, { exact: true })).toBeVisible();
      const edit = accessList(page, "Can edit");
      await edit.getByRole("textbox", { name: "Users (handles)" }).fill("nosuchhandle0");
      await edit.getByRole("textbox", { name: "Users (handles)" }).press("Enter");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(edit.getByText("No user has one of these handles. Check the spelling.")).toBeVisible();
      // Nothing typed is lost: both lists still hold what was added.
      await expect(edit.getByText("@nosuchhandle0", { exact: true })).toBeVisible();
      await expect(view.getByText(`@${viewer.user.handle}`, { exact: true })).toBeVisible();
      await expectAccessible(page);
      await edit.getByRole("button", { name: "Remove @nosuchhandle0" }).click();
      await edit.getByRole("textbox", { name: "Users (handles)" }).fill(editor.user.handle);
      await edit.getByRole("button", { name: "Add user" }).click();
    });

    await test.step("a share preview image and a category of the creator's own", async () => {
      await page.getByRole("button", { name: "Add a share image" }).click();
      const dialog = page.getByRole("dialog", { name: "Add media" });
      await dialog
        .locator('input[type="file"]')
        .and(dialog.getByLabel("File", { exact: true }))
        .setInputFiles(png);
      await expect(dialog).toBeHidden({ timeout: 15_000 });
      await expect(page.getByRole("button", { name: "Remove Share preview images, Media 1" })).toBeVisible();
      await page.getByRole("textbox", { name: "Your categories" }).fill("Sticker sheets");
      await page.getByRole("textbox", { name: "Your categories" }).press("Enter");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
    });

    await test.step("a reload shows them all", async () => {
      await page.getByRole("link", { name: `Edit ${workTitle}` }).click();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("radio", { name: /^Private/ })).toBeChecked();
      await expect(accessList(page, "Can view").getByText(`@${viewer.user.handle}`, { exact: true })).toBeVisible();
      await expect(accessList(page, "Can edit").getByRole("listitem")).toHaveCount(1);
      await expect(page.getByRole("list", { name: "Your categories" }).getByText("Sticker sheets")).toBeVisible();
      await expect(page.getByRole("button", { name: "Preview Share preview images, Media 1" })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step("the edit grantee (not a creator) opens the editor, saves the content, and sees the access read-only", async () => {
      const grantee = editor.page;
      await visit(grantee, editPath);
      await expect(grantee.getByLabel("Title", { exact: true })).toHaveValue(workTitle);
      await expect(
        grantee.getByText("Only the owner or a manager of this work can change its visibility and who has access."),
      ).toBeVisible();
      await expect(grantee.getByRole("radio", { name: /^Private/ })).toBeDisabled();
      await expect(accessList(grantee, "Can view").getByRole("textbox")).toHaveCount(0);
      await expect(accessList(grantee, "Can view").getByText(`@${viewer.user.handle}`, { exact: true })).toBeVisible();
      await grantee.getByLabel("Title", { exact: true }).fill(`${workTitle} v2`);
      await grantee.getByRole("button", { name: "Save", exact: true }).click();
      await expect(grantee.getByText("Saved.")).toBeVisible();
      await expectAccessible(grantee);
    });

    await test.step("a view grantee cannot open the editor", async () => {
      expect((await viewer.page.goto(editPath))?.status()).toBe(404);
    });

    await test.step("the owner sees the grantee's title, and the access unchanged", async () => {
      await visit(page, editPath);
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${workTitle} v2`);
      await expect(page.getByRole("radio", { name: /^Private/ })).toBeChecked();
      await expect(accessList(page, "Can view").getByText(`@${viewer.user.handle}`, { exact: true })).toBeVisible();
    });
  } finally {
    await editor.context.close();
    await creator.context.close();
    await viewer.context.close();
  }
});
