import { DEMO, expect, expectAccessible, signInWithApi, signUpWithApi, test, visit } from "./fixtures";
import { devFixture, insertOrder } from "./order-fixtures";
import { newCreator } from "./order-steps";

/**
 * The admin console, first slice (issue 49, decision 087): a user reports a shown review, the demo admin hides it from
 * /admin/reports, and the creator's profile no longer shows it; the overview records who did it. Anyone else asking
 * for /admin gets the site's 404. The console speaks Japanese too.
 */
test("an admin hides a reported review; the creator's profile no longer shows it, and the audit log says who", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const creator = await newCreator(page);
  const clientContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "cf-connecting-ip": `203.0.113.${150 + testInfo.repeatEachIndex}` },
  });
  const clientPage = await clientContext.newPage();
  const client = await signUpWithApi(clientPage);
  const order = await insertOrder({
    sellerEmail: creator.email,
    buyerEmail: client.email,
    priceAmount: 8_000,
    title: `Badge ${Date.now().toString(36)}`,
  });
  const stamp = Date.now().toString(36);
  const clientText = `Slow and rude, avoid ${stamp}`;
  const { buyerReviewId } = await devFixture<{ buyerReviewId: string }>("shownReviews", {
    orderId: order.id,
    buyerText: clientText,
    sellerText: `Clear brief, thanks ${stamp}`,
  });
  await page.goto(`/${creator.handle}`);
  await expect(page.getByText(clientText)).toBeVisible();

  // A signed-in stranger reports the client's review.
  const reporterContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "cf-connecting-ip": `203.0.113.${170 + testInfo.repeatEachIndex}` },
  });
  const reporter = await reporterContext.newPage();
  await signUpWithApi(reporter);
  const reported = await reporter.request.post("/api/reviews/report", {
    data: { reviewId: buyerReviewId, reason: "abuse" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(reported.status()).toBe(200);

  // The reporter is no admin: /admin is the site's 404 for them.
  const notAdmin = await reporter.goto("/admin/reports");
  expect(notAdmin?.status()).toBe(404);
  await expect(reporter.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await reporterContext.close();
  await clientContext.close();

  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "cf-connecting-ip": `203.0.113.${190 + testInfo.repeatEachIndex}` },
  });
  const admin = await adminContext.newPage();
  await signInWithApi(admin, DEMO.admin);
  await admin.goto("/admin/reports");
  await expect(admin.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(admin.getByRole("heading", { level: 2, name: "Reported reviews" })).toBeVisible();
  const entry = admin.getByTestId("admin-report").filter({ hasText: clientText });
  await expect(entry).toContainText("Abuse");
  await expect(entry).toContainText(`Order ${order.code}`);
  await entry.getByLabel("Note (optional)").fill("Insults the creator");
  await entry.getByRole("button", { name: "Hide review" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "The review is hidden." })).toBeVisible();
  await expect(admin.getByTestId("admin-report").filter({ hasText: clientText })).toHaveCount(0);

  // Signed out, the creator's profile no longer shows it (its cached copy was purged).
  await page.context().clearCookies();
  await page.goto(`/${creator.handle}`);
  await expect(page.getByText(`Clear brief, thanks ${stamp}`)).toHaveCount(0);
  await expect(page.getByText(clientText)).toHaveCount(0);

  // The overview's audit log names the admin, the action and the note.
  await admin.goto("/admin");
  const row = admin.getByTestId("admin-audit-row").filter({ hasText: "Insults the creator" });
  await expect(row).toContainText("Hid a review");
  await expect(row).toContainText(order.code);
  await expect(row).toContainText("@");

  // In Japanese.
  await adminContext.addCookies([{ name: "app-language", value: "ja", url: baseURL! }]);
  await admin.goto("/admin/reports");
  await expect(admin.getByRole("heading", { level: 1, name: "通報" })).toBeVisible();
  await expect(admin.getByRole("heading", { level: 2, name: "通報されたレビュー" })).toBeVisible();
  await admin.goto("/admin/users?q=admin");
  await expect(admin.getByRole("heading", { level: 1, name: "ユーザー" })).toBeVisible();
  await expect(admin.getByLabel("ハンドルまたはメールアドレス")).toHaveValue("admin");
  await adminContext.close();
});

test("the demo admin, a creator too, is not offered a decision on a review of themselves: the queue says who decides", async ({
  page: admin,
  browser,
  baseURL,
}, testInfo) => {
  // Issue 59, decision 093: a party is never the judge.
  test.setTimeout(90_000);
  const clientContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "cf-connecting-ip": `203.0.113.${230 + testInfo.repeatEachIndex}` },
  });
  const client = await signUpWithApi(await clientContext.newPage());
  const order = await insertOrder({
    sellerEmail: DEMO.admin,
    buyerEmail: client.email,
    priceAmount: 6_000,
    title: `Own ${Date.now().toString(36)}`,
  });
  const clientText = `Not what I asked for ${Date.now().toString(36)}`;
  const { buyerReviewId } = await devFixture<{ buyerReviewId: string }>("shownReviews", {
    orderId: order.id,
    buyerText: clientText,
    sellerText: "Thanks for the clear brief",
  });
  const reporter = await clientContext.newPage();
  await clientContext.clearCookies();
  await signUpWithApi(reporter);
  const reported = await reporter.request.post("/api/reviews/report", {
    data: { reviewId: buyerReviewId, reason: "abuse" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(reported.status()).toBe(200);
  await clientContext.close();

  await signInWithApi(admin, DEMO.admin);
  await visit(admin, "/admin/reports");
  const entry = admin.getByTestId("admin-report").filter({ hasText: clientText });
  await expect(entry.getByTestId("admin-party-note")).toHaveText(
    /You wrote this review, it is about you, or you reported it; another admin must decide\.|Every admin is a party to this, so no admin can decide it yet\./,
  );
  await expect(entry.getByRole("button", { name: "Hide review" })).toHaveCount(0);
  await expect(entry.getByRole("button", { name: "Keep review" })).toHaveCount(0);
  await expectAccessible(admin);
  // Posted anyway, the door refuses it in words and changes nothing.
  const refused = await admin.request.post("/api/admin/reports/resolve", {
    data: { reviewId: buyerReviewId, decision: "hide" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: "admin_is_party" });
  await visit(admin, "/admin/reports");
  await expect(admin.getByTestId("admin-report").filter({ hasText: clientText })).toHaveCount(1);
});

test("a signed-out visitor asking for the admin console gets the site's 404", async ({ page }) => {
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
