import type { Page } from "@playwright/test";
import { expect, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { devFixture } from "./order-fixtures";
import { newCreator, switchTo } from "./order-steps";

/**
 * A staged order's timeline (issue 36, decision 073): a paid three-stage order whose Sketch preview waits for the
 * client. The client asks for a revision with a comment, which the creator reads; the Sketch's one revision used, the
 * creator posts again (through a fixture; milestones.spec drives the real upload) and the client is told no revision is
 * left; the creator allows one more; the client approves, and the Sketch reads Approved and the Colours In progress.
 * Then the client's labels in Japanese. Each page is opened until the network is idle (`visit`): the timeline's buttons are
 * React's, and a click before hydration is lost (CI i49e: the revision form never opened).
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";

const stage = (page: Page, n: number) => page.getByTestId(`stage-${n}`);
const stateOf = (page: Page, n: number) => stage(page, n).getByTestId("stage-state");
const nextStep = (page: Page) => page.getByTestId("next-step");

test("the client asks a revision, the creator reads it and allows one more, the client approves the stage", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const client = await signUpWithApi(page);
  const creator = await newCreator(page);
  const title = `Staged ${Date.now().toString(36)}`;
  const { id, code } = await devFixture<{ id: string; code: string }>("stagedOrder", {
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 10_000,
    title,
  });

  // The client: the Sketch waits for their review, with its share and what they may do.
  await switchTo(page, client.email);
  await visit(page, `${REQUESTS}?order=${code}`);
  await expect(nextStep(page)).toContainText("Review the preview of Sketch by");
  await expect(stage(page, 1)).toContainText("Stage 1: Sketch");
  await expect(stage(page, 1)).toContainText("30% · ¥3,000");
  await expect(stateOf(page, 1)).toHaveText("Awaiting your review");
  await expect(stateOf(page, 2)).toHaveText("Upcoming");
  await expect(stage(page, 1)).toContainText("1 of 1 revisions left at this stage.");

  await stage(page, 1).getByRole("button", { name: "Request a revision" }).click();
  await stage(page, 1).getByLabel("What should change?").fill("Make the cape blue, please.");
  await stage(page, 1).getByRole("button", { name: "Send the revision request" }).click();
  await expect(stateOf(page, 1)).toHaveText("Revision requested");
  await expect(stage(page, 1).getByTestId("revision-notes")).toContainText("Make the cape blue, please.");
  await expect(page.getByRole("button", { name: "Awaiting the creator's preview" })).toBeDisabled();

  // The creator reads the note; Deliver waits for the stages.
  await switchTo(page, creator.email);
  await visit(page, `${MANAGEMENTS}?order=${code}`);
  await expect(stateOf(page, 1)).toHaveText("Revision requested");
  await expect(stage(page, 1).getByTestId("revision-notes")).toContainText("Make the cape blue, please.");
  await expect(nextStep(page)).toContainText("Stage 1 of 3: post the preview of Sketch");
  await expect(page.getByRole("button", { name: "Deliver" })).toBeDisabled();
  await expect(page.getByText("Every stage must be approved before you deliver.")).toBeVisible();
  // The new preview (a fixture posts it through the Order object; milestones.spec drives the upload control).
  await devFixture("stagePreview", { orderId: id, sellerEmail: creator.email, stage: 0 });

  // The client has used the Sketch's one revision: the button says so, and why.
  await switchTo(page, client.email);
  await visit(page, `${REQUESTS}?order=${code}`);
  await expect(stateOf(page, 1)).toHaveText("Awaiting your review");
  await expect(stage(page, 1).getByRole("button", { name: "No revisions left" })).toBeDisabled();
  await expect(stage(page, 1)).toContainText("The creator can allow one more");

  // The creator allows one more.
  await switchTo(page, creator.email);
  await visit(page, `${MANAGEMENTS}?order=${code}`);
  await stage(page, 1).getByRole("button", { name: "Allow one more revision" }).click();
  await expect(stage(page, 1)).toContainText("The client has 1 of 2 revisions left at this stage.");

  // The client may ask again, but approves: the confirm names the amount it releases.
  await switchTo(page, client.email);
  await visit(page, `${REQUESTS}?order=${code}`);
  await expect(stage(page, 1).getByRole("button", { name: "Request a revision" })).toBeEnabled();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Approve Sketch? This releases ¥3,000 to the creator.");
    void dialog.accept();
  });
  await stage(page, 1).getByRole("button", { name: "Approve this stage" }).click();
  await expect(stateOf(page, 1)).toHaveText("Approved");
  await expect(stateOf(page, 2)).toHaveText("In progress");
  await expect(nextStep(page)).toContainText("Stage 2 of 3: awaiting the creator's preview");

  // In Japanese, the same timeline's labels.
  await page.context().addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await visit(page, `${REQUESTS}?order=${code}`);
  await expect(
    page.getByRole("heading", { name: message("orders", "ja", "orders_stages_heading"), exact: true }),
  ).toBeVisible();
  await expect(stateOf(page, 1)).toHaveText(message("orders", "ja", "orders_stage_state_approved"));
  await expect(stateOf(page, 2)).toHaveText(message("orders", "ja", "orders_stage_state_in_progress"));
  await expect(stateOf(page, 3)).toHaveText(message("orders", "ja", "orders_stage_state_upcoming"));
  // The creator's English stage title reads in Japanese (issue 46), the original one click away.
  await expect(stage(page, 1)).toContainText("段階 1：ラフ");
  await stage(page, 1)
    .getByRole("button", { name: message("translation", "ja", "translation_show_original") })
    .click();
  await expect(stage(page, 1)).toContainText("段階 1：Sketch");
  await expect(nextStep(page)).toContainText("段階 2/3：クリエイターのプレビュー待ち");

  // At a phone's width the timeline wraps: nothing scrolls sideways (axe runs again on the load, in both themes).
  await page.setViewportSize({ width: 320, height: 800 });
  await visit(page, `${REQUESTS}?order=${code}`);
  await expect(stateOf(page, 1)).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBe(0);
});
