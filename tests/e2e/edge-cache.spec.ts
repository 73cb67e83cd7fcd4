import { expect, signUpWithApi, test, visit } from "./fixtures";

// Issue 35 (docs/decisions/069-edge-cache.md): a signed-out profile comes from the edge cache, still hydrates under
// its CSP (a fresh nonce per answer), and shows its creator's edit at once.

test("an anonymous profile served from the edge cache hydrates, and shows the creator's edit at once", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The creator works in a context of their own; `page` stays signed out (and is checked for CSP violations).
  const creatorContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.251" },
  });
  const creator = await creatorContext.newPage();
  const user = await signUpWithApi(creator);
  await visit(creator, "/dashboard/creator/home");
  await creator.getByRole("button", { name: "Become a creator" }).click();
  await expect(creator.getByRole("heading", { level: 1, name: "Join as a creator" })).toBeHidden();
  const saveName = async (name: string) => {
    await visit(creator, "/dashboard/setting/profile");
    await creator.getByLabel("Name", { exact: true }).fill(name);
    await creator.getByRole("button", { name: "Save", exact: true }).click();
    await expect(creator.getByText("Saved.")).toBeVisible();
  };
  await saveName("Cached Name");

  const profile = `/${user.handle}`;
  await test.step("the second anonymous visit is a hit with a nonce of its own", async () => {
    // A visit, then another that the cache serves (a translation landing between them purges the page: visit again).
    let first = await page.request.get(profile);
    let second = await page.request.get(profile);
    for (let tries = 0; second.headers()["x-cache"] !== "HIT" && tries < 10; tries++) {
      first = second;
      second = await page.request.get(profile);
    }
    expect(second.headers()["x-cache"]).toBe("HIT");
    const firstNonce = (await first.text()).match(/<script nonce="([^"]+)"/)?.[1];
    const secondBody = await second.text();
    expect(firstNonce).toBeTruthy();
    expect(secondBody).not.toContain(firstNonce);
    expect(second.headers()["content-security-policy"]).toContain(
      `'nonce-${secondBody.match(/<script nonce="([^"]+)"/)?.[1]}'`,
    );
  });

  await test.step("the cached page hydrates: its Share button opens the share dialog", async () => {
    // The name's translation may land between two visits and purge the page (decision 078): the visit is repeated
    // until the page shown is the cached one, so the checks below are of a page the cache served.
    await expect.poll(async () => (await page.goto(profile))?.headers()["x-cache"], { timeout: 30_000 }).toBe("HIT");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: "Cached Name" })).toBeVisible();
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Share this page" })).toBeVisible();
    await page.keyboard.press("Escape");
  });

  await test.step("after the creator renames themselves, the anonymous page shows the new name at once", async () => {
    await saveName("Renamed Creator");
    const response = await page.goto(profile);
    expect(response?.headers()["x-cache"]).toBe("MISS");
    await expect(page.getByRole("heading", { name: "Renamed Creator" })).toBeVisible();
  });
  await creatorContext.close();
});
