import type { Page, Response } from "@playwright/test";
import { DEMO, expect, signInWithApi, test } from "./fixtures";

// Issue 7, "headers and pages": every page carries a nonce-based Content-Security-Policy and the other browser
// protections, and still works under it: the theme boot script, hydration and the media players. The fixture fails
// any test whose pages report a CSP violation; these tests check the policy is really there.

const youtubeUrl = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

function policyOf(response: Response | null): Map<string, string[]> {
  const header = response?.headers()["content-security-policy"];
  expect(header, `Content-Security-Policy of ${response?.url()}`).toBeTruthy();
  return new Map(
    header!.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function nonceOf(policy: Map<string, string[]>): string {
  const source = policy.get("script-src")?.find((value) => value.startsWith("'nonce-"));
  expect(source, "script-src has a nonce").toBeTruthy();
  return source!.slice("'nonce-".length, -1);
}

async function expectSecurityHeaders(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const policy = policyOf(response);
  expect(policy.get("script-src"), path).toContain("'strict-dynamic'");
  expect(policy.get("script-src"), path).not.toContain("'unsafe-inline'");
  expect(policy.get("frame-ancestors"), path).toEqual(["'none'"]);
  expect(policy.get("object-src"), path).toEqual(["'none'"]);
  expect(policy.get("base-uri"), path).toEqual(["'none'"]);
  expect(policy.get("form-action"), path).toEqual(["'self'"]);
  const headers = response!.headers();
  expect(headers["x-content-type-options"], path).toBe("nosniff");
  expect(headers["x-frame-options"], path).toBe("DENY");
  expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], path).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\).*payment=\(\)/);
  // The test build is not production: no HSTS for a site served over plain http.
  expect(headers["strict-transport-security"], path).toBeUndefined();
  return nonceOf(policy);
}

test("home, a profile, explore and a dashboard page carry the security headers, each with its own nonce", async ({
  page,
}) => {
  const nonces = [
    await expectSecurityHeaders(page, "/"),
    await expectSecurityHeaders(page, "/democreator"),
    await expectSecurityHeaders(page, "/explore/creators"),
  ];
  await signInWithApi(page, DEMO.creator);
  nonces.push(await expectSecurityHeaders(page, "/dashboard/portfolio/creator"));
  expect(new Set(nonces).size).toBe(nonces.length);
});

test("the theme boot script runs by its nonce (dark before first paint) and the page hydrates", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  // The class as it stands when <body> first appears: set by the boot script in <head>, before any module runs.
  await page.addInitScript(() => {
    const seen = window as unknown as { __darkAtBody?: boolean };
    new MutationObserver((_records, observer) => {
      if (!document.body) return;
      seen.__darkAtBody = document.documentElement.classList.contains("dark");
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const response = await page.goto("/explore/creators");
  const nonce = nonceOf(policyOf(response));
  // No theme cookie, so the server cannot know the theme: only the boot script can have set it.
  expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: "theme" }));
  const bootScript = page.locator("head script:not([src])").first();
  expect(await bootScript.evaluate((script) => (script as HTMLScriptElement).nonce)).toBe(nonce);
  expect(await page.evaluate(() => (window as unknown as { __darkAtBody?: boolean }).__darkAtBody)).toBe(true);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  // Hydrated: React's click handler switches the theme.
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
});

test("a YouTube player loads in its iframe: frame-src allows the player's origin", async ({ page, cspViolations }) => {
  // The network is closed: the player's address answers with a stub page.
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ status: 404 }));
  await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title><p>player</p>" }),
  );
  await signInWithApi(page, DEMO.creator);
  const response = await page.goto("/dashboard/portfolio/creator/new");
  const frameSrc = policyOf(response).get("frame-src") ?? [];
  await page.waitForLoadState("networkidle");

  await page.getByRole("button", { name: "Add media" }).click();
  const dialog = page.getByRole("dialog", { name: "Add media" });
  await dialog.getByRole("tab", { name: "Link" }).click();
  await dialog.getByLabel("URL", { exact: true }).fill(youtubeUrl);
  await expect(dialog.getByText(/Detected: Video/)).toBeVisible();
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Preview Media 1" }).click();
  const lightbox = page.getByRole("dialog", { name: /^Preview/ });
  await lightbox.getByRole("button", { name: /^Play / }).click();

  const frame = lightbox.locator("iframe");
  await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
  expect(frameSrc).toContain(new URL((await frame.getAttribute("src"))!).origin);
  // The stub really loaded inside the frame: the browser did not block it.
  await expect(frame.contentFrame().getByText("player")).toBeVisible();
  expect(cspViolations).toEqual([]);
});
