import type { Page } from "@playwright/test";
import { yen } from "./deposit-steps";
import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { devFixture, insertOrder, orderMoney } from "./order-fixtures";
import { newCreator, pageInNewContext, saveCard } from "./order-steps";

/**
 * No money action without its confirm, with or without JavaScript (issue 75, finding 8). An order of two stages paid
 * stage by stage (¥5,000 each): approving stage 1 releases its share and charges stage 2 to the client's card.
 * - With the page's scripts held, the client presses Approve: the post goes without its confirmation, and the server
 *   answers with the confirm page, which says what will happen. Confirm approves the stage once, and stage 2 is charged
 *   once at the Stripe emulator.
 * - With scripts, a real click on stage 2's Approve asks in a dialog; accepted, the stage is approved once.
 */
const MANAGEMENTS = "/dashboard/commission/managements";
const REQUESTS = "/dashboard/commission/client/requests";
const TOTAL = 10_000;
const PART = TOTAL / 2;
const PLAN = [
  { title: "Sketch", sharePercent: 50, includedRevisions: 1 },
  { title: "Final", sharePercent: 50, includedRevisions: 0 },
];

const stage = (page: Page, n: number) => page.getByTestId(`stage-${n}`);
const stateOf = (page: Page, n: number) => stage(page, n).getByTestId("stage-state");
const chargesOf = async (code: string) =>
  (await orderMoney(code)).charges.sort((a, b) => a.captured - b.captured || a.refunded - b.refunded);

/**
 * Opens `path` with every JavaScript module of the app held (as typed-before-hydration.spec.ts does): the server's
 * markup arrives, nothing runs. Returns the release.
 */
async function openWithScriptsHeld(page: Page, path: string) {
  const url = new URL(path, page.url()).href;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.goto("about:blank");
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    held++;
    await released;
    await route.continue().catch(() => {});
  });
  await page.evaluate((to) => location.assign(to), url);
  await page.waitForURL(url, { waitUntil: "commit" });
  await expect.poll(() => held, { message: "the page's scripts are requested, and held" }).toBeGreaterThan(0);
  return release;
}

test("a stage approved before the page hydrates meets the confirm page; confirmed, approved and charged once", async ({
  page: client,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const clientUser = await signUpWithApi(client);
  await saveCard(client, "4242 4242 4242 4242");
  await expect(client.getByText("Visa ending in 4242")).toBeVisible();
  const creator = await pageInNewContext(browser, baseURL!, "203.0.113.175");
  const creatorUser = await newCreator(creator);
  const { id, code } = await insertOrder({
    sellerEmail: creatorUser.email,
    buyerEmail: clientUser.email,
    priceAmount: TOTAL,
    title: `Confirmed ${Date.now().toString(36)}`,
    stagePlan: PLAN,
  });

  // The creator approves, stage by stage; the client pays stage 1 (the Pay in the Payment tab is their confirmation).
  await visit(creator, `${MANAGEMENTS}?order=${code}`);
  await creator
    .getByTestId("approve-payment")
    .getByRole("radio", { name: message("orders", "en", "orders_by_stage_choice") })
    .check();
  await creator.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(creator.getByTestId("next-step")).toContainText("Payment");
  await visit(client, `${REQUESTS}?order=${code}`);
  await client.getByRole("tab", { name: "Payment" }).click();
  await client.getByTestId("pay-section").getByRole("button", { name: "Pay", exact: true }).click();
  await expect.poll(() => chargesOf(code)).toEqual([{ captured: PART, refunded: 0 }]);
  // Stage 1's preview (the fixture posts it through the Order object; milestones.spec drives the upload).
  await devFixture("stagePreview", { orderId: id, sellerEmail: creatorUser.email, stage: 0 });

  await test.step("scripts held: Approve posts unconfirmed, and the confirm page asks", async () => {
    const release = await openWithScriptsHeld(client, `${REQUESTS}?order=${code}`);
    let dialogs = 0;
    client.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await stage(client, 1).getByRole("button", { name: "Approve this stage" }).click();
    const confirm = client.getByTestId("order-confirm");
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`Approve Sketch? This releases ${yen(PART)} to the creator.`);
    await expect(confirm.getByRole("link", { name: "Back to the order" })).toHaveAttribute(
      "href",
      `${REQUESTS}?order=${code}`,
    );
    expect(dialogs).toBe(0);
    // Nothing happened yet: no second charge.
    expect(await chargesOf(code)).toEqual([{ captured: PART, refunded: 0 }]);
    // Confirm, still without script: the same post with its confirmation.
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(stateOf(client, 1)).toHaveText("Approved");
    release();
    await client.unrouteAll({ behavior: "ignoreErrors" });
    client.removeAllListeners("dialog");
  });

  // Approved once, and stage 2 charged once at the emulator.
  await expect
    .poll(() => chargesOf(code))
    .toEqual([
      { captured: PART, refunded: 0 },
      { captured: PART, refunded: 0 },
    ]);
  await visit(client, `${REQUESTS}?order=${code}`);
  await expect(stateOf(client, 1)).toHaveText("Approved");
  await expectAccessible(client);

  await test.step("scripts on: a real click asks in a dialog; accepted, approved once", async () => {
    await devFixture("stagePreview", { orderId: id, sellerEmail: creatorUser.email, stage: 1 });
    await visit(client, `${REQUESTS}?order=${code}`);
    const asked: string[] = [];
    client.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await stage(client, 2).getByRole("button", { name: "Approve this stage" }).click();
    await expect(stateOf(client, 2)).toHaveText("Approved");
    expect(asked).toEqual([`Approve Final? This releases ${yen(PART)} to the creator.`]);
    await expect(client.getByTestId("order-confirm")).toHaveCount(0);
    // No further charge: the last stage's part was paid when stage 1 was approved.
    expect(await chargesOf(code)).toHaveLength(2);
  });
});
