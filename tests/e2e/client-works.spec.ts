import type { Page } from "@playwright/test";
import { expect, expectAccessible, newSignedUpUser, test, visit } from "./fixtures";

// Client works (docs/decisions/008-client-works.md, 012): a creator adds a work made for a client (by handle), it is
// listed under /dashboard/portfolio/creator/client with the client, the client sees it under "Made for you" and can
// remove themselves from it, and nobody else can edit or delete it.

test.describe.configure({ mode: "serial" });

const workTitle = `Client piece ${Date.now().toString(36)}`;
const ownTitle = `Own piece ${Date.now().toString(36)}`;

async function becomeCreator(page: Page) {
  await visit(page, "/dashboard/creator/home");
  await page.getByRole("button", { name: "Become a creator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form/);
}

/** Title, description and a link: a work without media is a draft nobody else sees (decision 060). */
async function fillWork(page: Page, title: string) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Description", { exact: true }).fill("Made on Comet for a client.");
  await page.getByRole("button", { name: "Add media" }).click();
  const dialog = page.getByRole("dialog", { name: "Add media" });
  await dialog.getByRole("tab", { name: "Link" }).click();
  await dialog.getByLabel("URL", { exact: true }).fill("https://example.com/client-piece.png");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("a creator adds a client work; the client sees it; nobody else can change it", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const client = await newSignedUpUser(browser, baseURL!, "198.51.100.251");
  const creator = await newSignedUpUser(browser, baseURL!, "198.51.100.252");
  const stranger = await newSignedUpUser(browser, baseURL!, "198.51.100.253");
  let editPath = "";
  try {
    const page = creator.page;
    await becomeCreator(page);

    await test.step("the empty client works page links to the new client work page", async () => {
      await visit(page, "/dashboard/portfolio/creator/client");
      await expect(page.getByRole("heading", { level: 1, name: "Client works" })).toBeVisible();
      await expect(page.getByText("You have no client works yet.")).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("link", { name: "Add a client work" }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/client\/new$/);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1, name: "Add a client work" })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step("an unknown handle, no handle or the creator's own handle is refused", async () => {
      await fillWork(page, workTitle);
      const clientField = page.getByLabel("Client", { exact: true });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Enter the handle of the client this work was made for.")).toBeVisible();
      await clientField.fill("nosuchuser0zz");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("No user has this handle. Check the client's handle.")).toBeVisible();
      await expect(page).toHaveURL(/\/client\/new$/);
      // Everything typed is kept.
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(workTitle);
      await expect(clientField).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);
      await clientField.fill(creator.user.handle);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("You cannot be your own client.", { exact: false })).toBeVisible();
      // Nothing was saved.
      await visit(page, "/dashboard/portfolio/creator/client");
      await expect(page.getByText("You have no client works yet.")).toBeVisible();
    });

    await test.step("with the client's handle it is saved and listed with the client", async () => {
      await visit(page, "/dashboard/portfolio/creator/client/new");
      await fillWork(page, workTitle);
      await page.getByLabel("Client", { exact: true }).fill(`@${client.user.handle}`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/client$/);
      await page.waitForLoadState("networkidle");
      const card = page.getByRole("listitem").filter({ hasText: workTitle });
      await expect(card).toBeVisible();
      await expect(card.getByText(`For ${client.user.handle} (@${client.user.handle})`)).toBeVisible();
      await expectAccessible(page);
      editPath = (await card.getByRole("link", { name: `Edit ${workTitle}` }).getAttribute("href")) ?? "";
      expect(editPath).toMatch(/^\/dashboard\/portfolio\/creator\/[^/]+\/edit$/);
    });

    await test.step("own works and client works are listed apart", async () => {
      await visit(page, "/dashboard/portfolio/creator/new");
      await fillWork(page, ownTitle);
      await expect(page.getByLabel("Client", { exact: true })).toHaveCount(0);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator$/);
      await expect(page.getByText(ownTitle)).toBeVisible();
      await expect(page.getByText(workTitle)).toHaveCount(0);
      await visit(page, "/dashboard/portfolio/creator/client");
      await expect(page.getByText(workTitle)).toBeVisible();
      await expect(page.getByText(ownTitle)).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(1);
    });

    await test.step("editing keeps and shows the client, and returns to the client list", async () => {
      await visit(page, editPath);
      await expect(page.getByLabel("Client", { exact: true })).toHaveValue(client.user.handle);
      await expectAccessible(page);
      await page.getByLabel("Title", { exact: true }).fill(`${workTitle} v2`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/portfolio\/creator\/client$/);
      await expect(page.getByText(`${workTitle} v2`)).toBeVisible();
    });

    await test.step("another creator can neither open, save nor delete it", async () => {
      await becomeCreator(stranger.page);
      const open = await stranger.page.goto(editPath);
      expect(open?.status()).toBe(404);
      const payload = JSON.stringify({
        title: "Taken over",
        description: "Not theirs.",
        medias: [],
        contentRatingCode: "",
        categoryCodes: [],
        tags: [],
        visibility: "PUBLIC",
        credits: "",
        client: stranger.user.handle,
      });
      const save = await stranger.page.request.post(editPath, { form: { payload } });
      expect(save.status()).toBe(404);
      const workId = editPath.split("/")[4];
      const remove = await stranger.page.request.post("/dashboard/portfolio/creator/client", { form: { workId } });
      expect(remove.status()).toBe(404);
      await visit(page, "/dashboard/portfolio/creator/client");
      await expect(page.getByText(`${workTitle} v2`)).toBeVisible();
    });

    await test.step("the client sees it under Made for you, read-only, and cannot edit it", async () => {
      const clientPage = client.page;
      await visit(clientPage, "/dashboard/portfolio/client");
      const section = clientPage.getByRole("region", { name: "Made for you" });
      await expect(section).toBeVisible();
      const card = section.getByRole("listitem").filter({ hasText: `${workTitle} v2` });
      await expect(card).toBeVisible();
      await expect(card.getByText(`By ${creator.user.handle} (@${creator.user.handle})`)).toBeVisible();
      await expect(card.getByRole("link")).toHaveCount(0);
      await expect(card.getByRole("button", { name: /Delete/ })).toHaveCount(0);
      await expect(section.getByText(ownTitle)).toHaveCount(0);
      await expectAccessible(clientPage);
      const workId = editPath.split("/")[4];
      const open = await clientPage.goto(`/dashboard/portfolio/client/${workId}/edit`);
      expect(open?.status()).toBe(404);
    });

    await test.step("the client removes themselves from it (after confirming); it stays gone after a reload", async () => {
      const clientPage = client.page;
      const title = `${workTitle} v2`;
      await visit(clientPage, "/dashboard/portfolio/client");
      const section = clientPage.getByRole("region", { name: "Made for you" });
      const remove = section.getByRole("button", { name: `Remove me from this work (${title})` });
      // Cancelling the confirmation keeps it.
      clientPage.once("dialog", (dialog) => void dialog.dismiss());
      await remove.click();
      await expect(section.getByText(title)).toBeVisible();
      let asked = "";
      clientPage.once("dialog", (dialog) => {
        asked = dialog.message();
        void dialog.accept();
      });
      await remove.click();
      await expect(section.getByText(title)).toHaveCount(0);
      await expect(section.getByText("No creator has published a work made for you yet.")).toBeVisible();
      expect(asked).toContain(title);
      await clientPage.reload();
      await clientPage.waitForLoadState("networkidle");
      await expect(clientPage.getByRole("region", { name: "Made for you" }).getByText(title)).toHaveCount(0);
      await expectAccessible(clientPage);
    });

    await test.step("the creator's list says the client removed themselves, and naming them again is refused", async () => {
      await visit(page, "/dashboard/portfolio/creator/client");
      const card = page.getByRole("listitem").filter({ hasText: `${workTitle} v2` });
      await expect(
        card.getByText(`${client.user.handle} (@${client.user.handle}) removed themselves from this work`),
      ).toBeVisible();
      await expectAccessible(page);
      await visit(page, editPath);
      const clientField = page.getByLabel("Client", { exact: true });
      await expect(clientField).toHaveValue("");
      await clientField.fill(client.user.handle);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("This client removed themselves from this work", { exact: false })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${editPath}$`));
    });

    await test.step("the owner deletes it", async () => {
      await visit(page, "/dashboard/portfolio/creator/client");
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: `Delete ${workTitle} v2` }).click();
      await expect(page.getByText("You have no client works yet.")).toBeVisible();
    });
  } finally {
    await Promise.all([client.context.close(), creator.context.close(), stranger.context.close()]);
  }
});
