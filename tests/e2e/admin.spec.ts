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
  await entry.getByLabel("Note (optional)").fill(`Insults the creator ${stamp}`);
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
  // The run's own note: a repeated run finds its own row, not the one before it.
  const row = admin.getByTestId("admin-audit-row").filter({ hasText: `Insults the creator ${stamp}` });
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

/** A page's body with what differs between two answers of the same page (this request's CSP nonce) taken out. */
const sameness = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""');
/** An unknown path of the same shape as `path` (as many segments, a `.data` kept): no handle, no route. */
const unknownLike = (path: string) =>
  path.replace(/[^/]+/g, (segment, at) => `nothing${at}-here${segment.endsWith(".data") ? ".data" : ""}`);

test("the console is not there for anyone else: its pages, their .data and its routes answer as an unknown path, naming none of it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Issue 59: /admin.data named the console's route ids to strangers, and the signed-out 404 page routes/admin/*.
  const userContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "cf-connecting-ip": `203.0.113.${210 + testInfo.repeatEachIndex}` },
  });
  const userPage = await userContext.newPage();
  await signUpWithApi(userPage);
  const paths = [
    "/admin",
    "/admin/users",
    "/Admin/Reports",
    "/admin.data",
    "/admin/anything.data",
    "/admin/disputes/some-order/files/evidence/some-file",
  ];
  for (const [who, request] of [
    ["signed out", page.request],
    ["signed in", userPage.request],
  ] as const) {
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), `${who} ${path}`).toBe(404);
      const body = await response.text();
      expect(body, `${who} ${path}`).not.toMatch(/admin/i);
      const unknown = await request.get(unknownLike(path));
      expect(unknown.status(), unknownLike(path)).toBe(404);
      expect(sameness(body), `${who} ${path} reads as ${unknownLike(path)}`).toBe(sameness(await unknown.text()));
    }
    // The route manifest tells them of an unknown path's routes, not the console's.
    const browsing = who === "signed out" ? page : userPage;
    await visit(browsing, "/");
    const version = await browsing.evaluate(
      () => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
    );
    const manifest = (paths: string) =>
      request.get(`/__manifest?paths=${encodeURIComponent(paths)}&version=${version}`).then((r) => r.text());
    const routes = await manifest("/admin,/admin/users");
    expect(routes, who).not.toMatch(/admin/i);
    expect(routes, who).toBe(await manifest(`${unknownLike("/admin")},${unknownLike("/admin/users")}`));
  }
  // In the browser: the site's 404 where they typed it, once, and so it stays once the page has loaded.
  for (const [browsing, path] of [
    [page, "/admin"],
    [userPage, "/admin/users"],
    [userPage, "/admin"],
  ] as const) {
    const response = await browsing.goto(path);
    expect(response?.status()).toBe(404);
    await browsing.waitForLoadState("networkidle");
    await expect(browsing).toHaveURL(new RegExp(`${path}$`));
    await expect(browsing.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(browsing.getByRole("main")).toHaveCount(1);
  }
  await userContext.close();
});
