// The creator's side of slots and the waitlist in a browser (issue 50, decision 091), at 375 px: the general settings'
// slot count (a bad one refused on its field) and "Close my waitlist"; the note above Approve with every slot taken and
// the question it asks; the queue page with a client in line, Remove (confirmed), the empty state and the toggle; axe in
// both themes on each.
import { devFixture, insertOrder, insertService } from "./order-fixtures";
import { expect, expectAccessible, newSignedUpUser, signUpWithApi, test, visit } from "./fixtures";

const GENERAL = "/dashboard/commission/setting/form/general";
const WAITLIST = "/dashboard/commission/waitlist";

test.use({ viewport: { width: 375, height: 800 } });

test("a creator sets one slot, is warned before approving past it, and removes a client from their line", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const creator = await signUpWithApi(page);
  await visit(page, "/dashboard/creator/home");
  await page.getByRole("button", { name: "Become a creator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/commission\/setting\/form$/);

  await test.step("the settings: a bad count refused on its field, then one slot saved", async () => {
    await visit(page, GENERAL);
    const slots = page.getByLabel("Slots", { exact: true });
    await expect(slots).toHaveValue("");
    await slots.fill("0");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Enter a whole number of slots from 1 to 50")).toBeVisible();
    await expect(slots).toHaveValue("0");
    await expect(slots).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await slots.fill("1");
    await page.getByRole("checkbox", { name: "Close my waitlist" }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await visit(page, GENERAL);
    await expect(slots).toHaveValue("1");
    await expect(page.getByRole("checkbox", { name: "Close my waitlist" })).toBeChecked();
  });

  const service = await insertService({ sellerEmail: creator.email, title: "Queue portrait", priceAmount: 8000 });
  const client = await newSignedUpUser(browser, baseURL!, "203.0.113.61");
  const other = await newSignedUpUser(browser, baseURL!, "203.0.113.62");
  // One order under way holds the one slot; another client's request waits for an answer.
  const held = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: other.user.email,
    priceAmount: 5000,
    title: "Held",
  });
  await devFixture("orderState", { orderId: held.id, progress: "APPROVED", payment: "COMPLETED" });
  const pending = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.user.email,
    priceAmount: 6000,
    title: "Pending",
  });

  await test.step("the order page: the note above Approve, and the question it asks", async () => {
    await visit(page, `/dashboard/commission/managements?order=${pending.code}`);
    const note = page.getByTestId("approve-slots-note");
    await expect(note).toHaveText("All your slots are taken (1 of 1). Approving this order takes you past them.");
    const approve = page.getByRole("button", { name: "Approve", exact: true });
    await expect(approve).toHaveAccessibleDescription(/All your slots are taken/);
    const asked = page.waitForEvent("dialog");
    const click = approve.click();
    const dialog = await asked;
    expect(dialog.message()).toContain("Approve it anyway?");
    await dialog.dismiss();
    await click;
    await expectAccessible(page);
  });

  await test.step("the queue page: the line, Remove confirmed, the empty state, the toggle", async () => {
    // The line was closed with the settings: open it again for the client to join.
    await visit(page, WAITLIST);
    await expect(page.getByRole("heading", { level: 1, name: "Waitlist" })).toBeVisible();
    await expect(page.getByTestId("waitlist-slots")).toHaveText("1 of 1 slots taken");
    await expect(page.getByText("Nobody is waiting.")).toBeVisible();
    await page.getByTestId("waitlist-toggle").click();
    await expect(page.getByTestId("waitlist-toggle")).toHaveText("Close the waitlist");
    await expect(page.getByRole("status").filter({ hasText: "Your waitlist is open." })).toBeVisible();

    const joined = await client.page.request.post("/api/waitlist/join", {
      data: { kind: "service", id: service.id },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    await visit(page, WAITLIST);
    const place = page.getByTestId("waitlist-place");
    await expect(place).toHaveCount(1);
    await expect(place).toContainText(`@${client.user.handle}`);
    await expect(place).toContainText("Queue portrait");
    await expect(place.getByTestId("waitlist-place-status")).toHaveText("Waiting · 1st");
    await expectAccessible(page);

    const remove = page.getByRole("button", { name: `Remove @${client.user.handle} from your waitlist` });
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe(`Remove @${client.user.handle} from your waitlist? They will be told.`);
      void dialog.accept();
    });
    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Removed from your waitlist." })).toBeVisible();
    await expect(page.getByText("Nobody is waiting.")).toBeVisible();
    await expectAccessible(page);
  });

  await client.context.close();
  await other.context.close();
});
