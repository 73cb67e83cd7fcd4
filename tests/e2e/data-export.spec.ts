// "Download your data" (issue 64, decision 104), as a person meets it in account settings, in English and Japanese:
// they ask, the section says their data is being prepared (or, when the background work was quicker than the page,
// that it is ready), turns to Download by itself, and the file they download is their data; the mail says it is ready.
import { readFileSync } from "node:fs";
import { expect, expectAccessible, signUpWithApi, test, visit } from "./fixtures";
import { message } from "./messages";
import { switchToJapanese } from "./order-steps";

const ACCOUNT = "/dashboard/setting/profile/account";

for (const locale of ["en", "ja"] as const) {
  test(`a user asks for their data, downloads it once it is ready, and has the mail (${locale})`, async ({ page }) => {
    const user = await signUpWithApi(page);
    if (locale === "ja") await switchToJapanese(page);
    const t = (key: string) => message("data-export", locale, key);
    await visit(page, ACCOUNT);
    const section = page.getByRole("region", { name: t("data_export_title") });
    await section.getByRole("button", { name: t("data_export_ask") }).click();

    const preparing = section.getByText(t("data_export_preparing"));
    const download = section.getByRole("button", { name: t("data_export_download") });
    await expect(preparing.or(download)).toBeVisible();
    await expectAccessible(page);
    // The section asks again by itself while preparing: no reload.
    await expect(download).toBeVisible({ timeout: 20_000 });
    await expect(preparing).toBeHidden();
    await expectAccessible(page);

    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^comet-data-${user.handle}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const data = JSON.parse(readFileSync(await file.path(), "utf8"));
    expect(data.profile.handle).toBe(user.handle);
    expect(data.account.email).toBe(user.email);
    await expect(page).toHaveURL(new RegExp(`${ACCOUNT}$`));

    // The mail, read in the dev mailbox as a person would, in the language they chose.
    const subject = message("notifications", locale, "notification_data_export_ready_title");
    const mailbox = await page.context().newPage();
    await expect(async () => {
      await mailbox.goto("/dev/mailbox");
      await expect(mailbox.locator("article").filter({ hasText: user.email }).filter({ hasText: subject })).toHaveCount(
        1,
      );
    }).toPass({ timeout: 20_000 });
    await mailbox.close();
  });
}
