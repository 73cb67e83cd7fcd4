import {
  accountMenuButton,
  authDialog,
  expect,
  expectAccessible,
  freshUser,
  header,
  readLatestCode,
  submitField,
  test,
} from "./fixtures";

test("a visitor whose handle was taken while their code waited picks another and finishes signing up", async ({
  page,
  request,
}) => {
  const visitor = freshUser();
  const other = freshUser();
  await page.goto("/");
  await header(page).getByRole("button", { name: "Sign up", exact: true }).click();
  const dialog = authDialog(page);
  await dialog.getByLabel("Handle", { exact: true }).fill(visitor.handle);
  await dialog.getByLabel("E-mail", { exact: true }).fill(visitor.email);
  await dialog.getByRole("button", { name: "Send code" }).click();
  const codeField = dialog.getByLabel("Code", { exact: true });
  await expect(codeField).toBeVisible();

  // Meanwhile someone else (another browser: its own cookies) signs up with the same handle and finishes first.
  const send = await request.post("/api/auth/email/send", { data: { handle: visitor.handle, email: other.email } });
  expect(send.status()).toBe(200);
  const otherCode = await readLatestCode(request, other.email);
  const verify = await request.get("/api/auth/callback/email", {
    params: { email: other.email, token: otherCode },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(verify.status()).toBe(200);

  await codeField.fill(await readLatestCode(page, visitor.email));
  await submitField(codeField);

  // Back on the account step, the e-mail kept, the handle marked taken.
  const handleField = dialog.getByLabel("Handle", { exact: true });
  await expect(handleField).toBeVisible();
  await expect(dialog.getByLabel("E-mail", { exact: true })).toHaveValue(visitor.email);
  await expect(handleField).toHaveAccessibleDescription(/This handle is already taken\./);
  await expect(dialog.getByRole("alert").filter({ hasText: "Someone took that handle" })).toBeVisible();
  await expectAccessible(page);

  const newHandle = freshUser().handle;
  await handleField.fill(newHandle);
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(codeField).toBeVisible();
  await codeField.fill(await readLatestCode(page, visitor.email));
  await submitField(codeField);
  await expect(dialog.getByLabel("Name", { exact: true })).toBeVisible();

  const reloaded = page.waitForEvent("load", { timeout: 20_000 });
  await dialog.getByRole("button", { name: "Skip for now" }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/onboarding$/);
  await accountMenuButton(page).click();
  await expect(page.getByRole("menu").getByRole("menuitem", { name: new RegExp(`/${newHandle}\\b`) })).toBeVisible();
});
