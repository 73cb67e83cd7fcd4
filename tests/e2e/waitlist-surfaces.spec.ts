// The waitlist's public surfaces in a browser (issue 50, decision 091), at 375 px: a creator whose 3 slots are held
// shows it on the profile, each card, the service modal and the form page; signed out, Sign in opens the dialog; a
// fresh client joins (their number, Leave focused) and leaves (Join back) without a reload, then joins the form's line
// by keyboard in Japanese; axe in both themes on every page and state checked.
import { devFixture, insertForm, insertOrder, insertService } from "./order-fixtures";
import { authDialog, expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";

// A seeded creator with 3 slots (scripts/seed/core.mjs: every fifth from the third), not one the other walks use.
const CREATOR = { handle: "amaliasol", email: "amaliasol@demo.comet.local" };

test.use({ viewport: { width: 375, height: 800 } });

test("a full creator's line: the status everywhere, Sign in, Join, the number in line, Leave", async ({ page }) => {
  test.setTimeout(120_000);
  const service = await insertService({ sellerEmail: CREATOR.email, title: "Waitlist bust-up", priceAmount: 8000 });
  const form = await insertForm({ handle: CREATOR.handle, title: "Waitlist form", priceAmount: 9000 });
  for (let i = 0; i < 3; i++) {
    const order = await insertOrder({
      sellerEmail: CREATOR.email,
      buyerEmail: "emilyclark@demo.comet.local",
      priceAmount: 5000,
      title: `Held ${i}`,
    });
    await devFixture("orderState", { orderId: order.id, progress: "APPROVED", payment: "COMPLETED" });
  }

  // Signed out: the profile's badge and the card's, then the modal's Sign in.
  await visit(page, `/${CREATOR.handle}`);
  await expect(page.getByTestId("slot-status").first()).toHaveText(/All slots taken|Waitlist \(/);
  await visit(page, `/${CREATOR.handle}?service=${service.id}`);
  const modal = page.getByRole("dialog");
  await expect(modal.getByTestId("waitlist-gate")).toHaveAttribute("data-state", "sign-in");
  await modal.getByRole("button", { name: "Sign in to join the waitlist" }).click();
  await expect(authDialog(page).getByLabel("E-mail", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // A fresh client: Join, then their number and Leave (focused), then Leave and Join again, with no reload.
  await signUpWithApi(page);
  await visit(page, `/${CREATOR.handle}?service=${service.id}`);
  const gate = page.getByRole("dialog").getByTestId("waitlist-gate");
  await expect(gate).toHaveAttribute("data-state", "join");
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await gate.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(gate).toHaveAttribute("data-state", "waiting");
  // The number counts the creator's whole line: a repeated run finds its earlier clients ahead.
  await expect(gate).toContainText(/You're on the waitlist: number \d+ in line/);
  await expect(gate.getByRole("button", { name: "Leave the waitlist" })).toBeFocused();
  await expectAccessible(page);
  await gate.getByRole("button", { name: "Leave the waitlist" }).click();
  await expect(gate).toHaveAttribute("data-state", "join");
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The form page, in Japanese and dark, by keyboard: the status, Join, then the number in line and Leave focused.
  await page.context().addCookies([
    { name: "app-language", value: "ja", url: page.url() },
    { name: "theme", value: "dark", url: page.url() },
  ]);
  await visit(page, `/cf/${form.code}`);
  const formGate = page.getByTestId("waitlist-gate");
  await expect(formGate).toHaveAttribute("data-state", "join");
  await expect(page.getByTestId("slot-status")).toHaveText("満枠・順番待ち受付中");
  await formGate.getByRole("button", { name: "順番待ちに並ぶ" }).press("Enter");
  await expect(formGate).toHaveAttribute("data-state", "waiting");
  await expect(formGate).toContainText(/順番待ちに並びました（\d+番目）/);
  await expect(formGate.getByRole("button", { name: "順番待ちをやめる" })).toBeFocused();
});
