// Issue 13's settings as a new user meets them: the language they write in is chosen from the offered languages,
// named in the interface's language with the native name beside, and kept; a refused value shows its message and
// changes nothing; the header's language menu names the languages the same way.
import { expect, header, signUpWithApi, test } from "./fixtures";

const ACCOUNT = "/dashboard/setting/profile/account";

test("a new user chooses the language they write in, and the language menu names each language in itself", async ({
  page,
}) => {
  await signUpWithApi(page);
  await page.goto(ACCOUNT);
  const writing = page.getByLabel("Language you write in");
  // The five languages (decision 105), in the page's language with each one's own name beside it.
  await expect(writing.locator("option")).toHaveText([
    "English",
    "Japanese (日本語)",
    "Korean (한국어)",
    "Simplified Chinese (简体中文)",
    "Traditional Chinese (繁體中文)",
  ]);
  await expect(writing).toHaveValue("en");

  await writing.selectOption("ja");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.goto(ACCOUNT);
  await expect(page.getByLabel("Language you write in")).toHaveValue("ja");
  // The interface stays in English: only the writing language changed.
  await expect(page.getByLabel("Display language")).toHaveValue("en");

  await header(page).getByRole("button", { name: "Language: English" }).click();
  await expect(page.getByRole("menuitemradio", { name: "日本語" })).toBeVisible();
  await expect(page.getByRole("menuitemradio", { name: "English", exact: true })).toBeVisible();
});

test("a language the platform does not offer is refused with its message, and nothing changes", async ({ page }) => {
  await signUpWithApi(page);
  await page.goto(ACCOUNT);
  // A forged option: the server checks the languages table, whatever the page offered.
  await page.getByLabel("Language you write in").evaluate((select: HTMLSelectElement) => {
    select.add(new Option("Français", "fr"));
    select.value = "fr";
  });
  await page.getByRole("combobox", { name: "Display currency" }).selectOption("USD");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please choose a language from the list.")).toBeVisible();
  await page.goto(ACCOUNT);
  await expect(page.getByLabel("Language you write in")).toHaveValue("en");
  await expect(page.getByRole("combobox", { name: "Display currency" })).toHaveValue("JPY");
});
