import type { Browser } from "@playwright/test";
import { DEMO, expect, expectAccessible, signInWithApi, signUpWithApi, test, visit } from "./fixtures";
import { insertWork, uploadWorkPicture } from "./work-fixtures";

// Reports of works and profiles (issue 49, decision 089) as people meet them: a signed-in visitor reports a work from
// its page, the demo admin hides it from /admin/reports, and the work page is then the site's 404 for the reporter
// while its owner still opens it, marked hidden by Comet's team. In Japanese, a profile is reported and kept.

/** Another person's browser: its own cookies and its own client address (the server limits code sends per client). */
function personContext(browser: Browser, baseURL: string | undefined) {
  const client = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::2`;
  return browser.newContext({ baseURL, extraHTTPHeaders: { "cf-connecting-ip": client } });
}

test("a reported work hidden by an admin is the 404 for the reporter, and its owner sees it marked hidden", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpWithApi(page);
  const title = `Lantern festival ${owner.handle}`;
  const work = await insertWork({ ownerEmail: owner.email, title, description: "Ink on paper.", visibility: "PUBLIC" });
  await uploadWorkPicture(page, work.id, owner.email);
  const path = `/${work.handle}/works/${work.id}`;

  // Neither the owner nor a signed-out visitor is offered the report.
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Report this work" })).toHaveCount(0);
  const anonymousContext = await personContext(browser, baseURL);
  const anonymous = await anonymousContext.newPage();
  await anonymous.goto(path);
  await expect(anonymous.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(anonymous.getByRole("button", { name: "Report this work" })).toHaveCount(0);
  await anonymousContext.close();

  // A signed-in visitor reports it, by keyboard.
  const reporterContext = await personContext(browser, baseURL);
  const reporter = await reporterContext.newPage();
  await signUpWithApi(reporter);
  await visit(reporter, path);
  const reportButton = reporter.getByRole("button", { name: "Report this work" });
  await reportButton.focus();
  await reporter.keyboard.press("Enter");
  const dialog = reporter.getByRole("dialog", { name: "Report this work" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Reason" })).toBeVisible();
  await expectAccessible(reporter);
  await dialog.getByRole("radio", { name: "Stolen, traced or plagiarised art" }).check();
  await dialog.getByRole("button", { name: "Send report" }).press("Enter");
  await expect(dialog.getByRole("status")).toHaveText("Thank you. Comet's team will look at it.");
  await reporter.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(reportButton).toBeFocused();

  // The demo admin hides it.
  const adminContext = await personContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInWithApi(admin, DEMO.admin);
  await admin.goto("/admin/reports");
  await expect(admin.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(admin.getByRole("heading", { level: 2, name: "Reported works and profiles" })).toBeVisible();
  const entry = admin.getByTestId("admin-content-report").filter({ hasText: title });
  await expect(entry).toContainText("Stolen, traced or plagiarised art");
  await expect(entry.getByRole("link", { name: "Open the work" })).toHaveAttribute("href", path);
  await expectAccessible(admin);
  await entry.getByLabel("Note (optional)").fill("Traced from another artist");
  await entry.getByRole("button", { name: "Hide work" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "The work is hidden." })).toBeVisible();
  await expect(admin.getByTestId("admin-content-report").filter({ hasText: title })).toHaveCount(0);
  await admin.goto("/admin");
  await expect(admin.getByTestId("admin-audit-row").filter({ hasText: "Traced from another artist" })).toContainText(
    "Hid a work",
  );

  // The reporter now meets the site's 404; the owner still opens it, told why, and their portfolio marks it.
  const gone = await reporter.goto(path);
  expect(gone?.status()).toBe(404);
  await expect(reporter.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await reporter.goto(`/${work.handle}`);
  await expect(reporter.getByText(title)).toHaveCount(0);
  await page.goto(path);
  await expect(page.getByTestId("work-restricted")).toContainText("Hidden by Comet's team");
  await page.goto("/dashboard/portfolio/client");
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("Hidden by Comet's team");

  // In Japanese: the reporter reports the owner's profile, the admin keeps it.
  await reporterContext.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await visit(reporter, `/${work.handle}`);
  await reporter.getByRole("button", { name: "このプロフィールを報告" }).click();
  const ja = reporter.getByRole("dialog", { name: "このプロフィールを報告" });
  await ja.getByRole("radio", { name: "なりすまし" }).check();
  await ja.getByRole("button", { name: "報告を送信" }).click();
  await expect(ja.getByRole("status")).toHaveText("ご報告ありがとうございます。運営が確認します。");
  await reporterContext.close();

  await adminContext.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await admin.goto("/admin/reports");
  await expect(admin.getByRole("heading", { level: 1, name: "通報" })).toBeVisible();
  await expect(admin.getByRole("heading", { level: 2, name: "通報された作品とプロフィール" })).toBeVisible();
  const profileEntry = admin.getByTestId("admin-content-report").filter({ hasText: `@${work.handle}` });
  await expect(profileEntry).toContainText("なりすまし");
  await profileEntry.getByRole("button", { name: "プロフィールを維持する" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "プロフィールを維持しました。" })).toBeVisible();
  await adminContext.close();
});
