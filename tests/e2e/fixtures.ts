import { test as base, expect, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** Demo accounts created by scripts/seed-local.mjs. */
export const DEMO = {
  creator: "creator@demo.comet.local",
  client: "client@demo.comet.local",
  admin: "admin@demo.comet.local",
  banned: "banned@demo.comet.local",
} as const;

// Evaluated through the DevTools protocol, not added as a <script>: the page's CSP would rightly block that.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** WCAG 2.x A and AA. Best-practice rules are left out so that a failure always names a WCAG criterion. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/**
 * What the other theme can change, so what axe checks again in it. The `dark` class changes colours, and shows or
 * hides nothing but the theme switches' own icons and labels (tests/node/theme-changes-colours-only.test.ts holds the
 * app to that): colour contrast, links told apart by colour alone, and the names of buttons, links and menu items.
 * Every other rule reads markup and layout the theme does not touch, and its verdict in one theme is its verdict in
 * both; running all of them twice took a fifth of the browser suite (decision 084).
 */
const THEME_RULES = ["color-contrast", "link-in-text-block", "button-name", "link-name", "aria-command-name"];
const CODE_PATTERN = /(?<!\d)\d{6}(?!\d)/;

/**
 * `test` with two automatic checks: a page that throws or reports a hydration error fails the test, since
 * either means the server HTML and the client disagree, which no other assertion would notice; and any page of the
 * test that reports a Content-Security-Policy violation fails it, since the blocked script, frame or request is a
 * broken feature in every real browser (docs/decisions/010-content-security-policy.md).
 */
export const test = base.extend<{ pageErrors: string[]; cspViolations: string[] }>({
  // axe on every page a test visits (docs/decisions/003, 019): each page loaded with page.goto is checked in both
  // themes as soon as it has loaded, and the page the test ends on is checked once more, as the test left it (a
  // dialog open, a menu expanded). No spec can forget it, and none can opt out.
  page: async ({ page }, use, testInfo) => {
    const goto = page.goto.bind(page);
    page.goto = (async (url: string, options?: Parameters<Page["goto"]>[1]) => {
      const response = await goto(url, options);
      if (response && isHtml(response.headers()["content-type"])) await expectAccessible(page);
      return response;
    }) as Page["goto"];
    await use(page);
    if (testInfo.status !== "passed" || page.isClosed() || !/^https?:/.test(page.url())) return;
    if (!isHtml(await page.evaluate(() => document.contentType).catch(() => ""))) return;
    // Back to the top first: a link that the test's last scroll left half under the sticky header reads to axe's
    // target-size rule as obscured, a verdict about where the scroll stopped, not about the page. Open dialogs
    // and menus stay open (nothing in the app closes on scroll).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
  },
  // Each test is its own client: the server limits code sends per client address (CF-Connecting-IP, which
  // Cloudflare sets in production), and one shared address would couple the tests through that limit.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    // A repeated run (--repeat-each) is another client too, so repeats do not add up in one client's budget.
    const seed =
      testInfo.testId.split("").reduce((sum, c) => sum + c.charCodeAt(0), 0) +
      testInfo.retry +
      7 * testInfo.repeatEachIndex;
    const client = `198.51.100.${seed % 250}`;
    await use({ ...extraHTTPHeaders, "cf-connecting-ip": client });
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && /hydrat/i.test(message.text())) errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors, "errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      // Every page and popup of the test's context, reported from the top document (a player's own frame is not ours).
      await context.exposeBinding("__reportCspViolation", (_source, text: string) => violations.push(text));
      await context.addInitScript(() => {
        if (window !== window.top) return;
        document.addEventListener(
          "securitypolicyviolation",
          (event) => {
            const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
            report(
              `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} on ${location.pathname} at ${event.sourceFile}:${event.lineNumber}`,
            );
          },
          true,
        );
      });
      // Chromium also logs each violation, including ones raised before the listener could see them.
      context.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

const isHtml = (contentType: string | undefined) => (contentType ?? "").includes("text/html");

// ---------------------------------------------------------------------------------------------------------
// Accessibility

type AxeNode = { target: unknown[]; html: string; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] };

/** axe on the page as it is: every WCAG A/AA rule, or only `rules` (still less `disableRules`). */
async function runAxe(page: Page, disableRules: string[], rules?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, only, disabled }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }>;
            getRules: (tags: string[]) => { ruleId: string; tags: string[] }[];
          };
        }
      ).axe;
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      // Named rules run only where the tags would run them: naming a rule also switches on an experimental one.
      const runnable = new Set(
        axe
          .getRules(tags)
          .filter((rule) => !rule.tags.includes("experimental") && !disabled.includes(rule.ruleId))
          .map((rule) => rule.ruleId),
      );
      const named = only?.filter((id) => runnable.has(id));
      if (named?.length === 0) return [];
      const { violations } = await axe.run(document, {
        runOnly: named ? { type: "rule", values: named } : { type: "tag", values: tags },
        rules,
        resultTypes: ["violations"],
      });
      // Plain data only: the result objects hold DOM references that do not survive serialisation.
      return violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
      }));
    },
    { tags: AXE_TAGS, only: rules, disabled: disableRules },
  );
}

/**
 * Switches the page between light and dark the way the app does (the `dark` class on <html>, see
 * app/lib/theme.ts) without a reload, so open dialogs and typed values stay. Transitions are switched off
 * while axe measures, or colour-contrast would read colours half-way through a fade.
 */
async function setDarkClass(page: Page, dark: boolean) {
  await page.evaluate((dark) => {
    if (!document.getElementById("e2e-no-motion")) {
      const style = document.createElement("style");
      style.id = "e2e-no-motion";
      style.textContent =
        "*,*::before,*::after{transition:none!important;animation-duration:0s!important;animation-delay:0s!important}";
      document.head.append(style);
    }
    document.documentElement.classList.toggle("dark", dark);
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, dark);
}

function describeViolation(themes: string[], url: string, v: AxeViolation): string {
  const nodes = v.nodes
    .slice(0, 5)
    .map(
      (n) =>
        `    at ${n.target.join(" ")}\n       ${n.html.slice(0, 200)}\n       ${(n.failureSummary ?? "").replace(/\n/g, "\n       ")}`,
    )
    .join("\n");
  const more = v.nodes.length > 5 ? `\n    …and ${v.nodes.length - 5} more` : "";
  return `[${themes.join(", ")}] ${v.impact ?? "?"} ${v.id}: ${v.help} (${url})\n  ${v.helpUrl}\n${nodes}${more}`;
}

/**
 * Runs axe-core (WCAG 2.x A/AA) on the page as it is now, every rule in the current theme and THEME_RULES in the
 * other one, and fails with a readable list of every violation (one entry for a violation both themes share). Leaves
 * the page in the theme it found it in.
 */
export async function expectAccessible(page: Page, options: { disableRules?: string[] } = {}) {
  const url = new URL(page.url()).pathname;
  await test.step(`accessibility of ${url} in both themes`, async () => {
    const startsDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    // Measured from the page's top, where the sticky header covers nothing: a control a test left scrolled under
    // the header would otherwise read as "partially obscured" (target-size) in one run and not in the next.
    const scrolledTo = await page.evaluate(() => {
      const at = window.scrollY;
      window.scrollTo({ top: 0, behavior: "instant" });
      return at;
    });
    const found = new Map<string, { themes: string[]; violation: AxeViolation }>();
    try {
      for (const dark of [startsDark, !startsDark]) {
        await setDarkClass(page, dark);
        const rules = dark === startsDark ? undefined : THEME_RULES;
        for (const violation of await runAxe(page, options.disableRules ?? [], rules)) {
          const key = JSON.stringify([violation.id, violation.nodes.map((n) => n.target)]);
          const entry = found.get(key) ?? { themes: [], violation };
          entry.themes.push(dark ? "dark" : "light");
          found.set(key, entry);
        }
      }
    } finally {
      await setDarkClass(page, startsDark);
      await page.evaluate((top) => {
        document.getElementById("e2e-no-motion")?.remove();
        window.scrollTo({ top, behavior: "instant" });
      }, scrolledTo);
    }
    if (found.size) {
      const report = [...found.values()]
        .map(({ themes, violation }) => describeViolation(themes, url, violation))
        .join("\n\n");
      throw new Error(`axe found ${found.size} accessibility violation(s):\n\n${report}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// The dev mailbox (/dev/mailbox: one <article> per message, newest first, with recipient and body text)

type MailboxEntry = { text: string; sentAt: string | null };

function newestCodeFor(entries: MailboxEntry[], email: string): string | null {
  // The address is cut out before looking for the code: a generated address can hold six digits in a row.
  const address = new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
  const mine = entries
    .filter((entry) => entry.text.toLowerCase().includes(email.toLowerCase()))
    .map((entry) => ({ ...entry, text: entry.text.replace(address, " ") }))
    .filter((entry) => CODE_PATTERN.test(entry.text));
  if (mine.length === 0) return null;
  // Newest first on the page; a <time datetime> on every entry, when present, settles it regardless of order.
  const newest = mine.every((entry) => entry.sentAt)
    ? mine.reduce((a, b) => (Date.parse(b.sentAt!) > Date.parse(a.sentAt!) ? b : a))
    : mine[0];
  return newest.text.match(CODE_PATTERN)![0];
}

function entriesFromHtml(html: string): MailboxEntry[] {
  return [...html.matchAll(/<article\b[\s\S]*?<\/article>/gi)].map(([article]) => ({
    sentAt: article.match(/<time\b[^>]*\bdatetime="([^"]+)"/i)?.[1] ?? null,
    text: article
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&#x40;|&#64;/g, "@"),
  }));
}

/**
 * The newest 6-digit code sent to `email`, read from /dev/mailbox: with a Page, in a second tab of the same
 * browser context (as a person would); with an APIRequestContext, from the server HTML. Waits for the mail.
 */
export async function readLatestCode(
  from: Page | APIRequestContext,
  email: string,
  { timeout = 20_000 } = {},
): Promise<string> {
  const isPage = "context" in from && typeof from.context === "function";
  const mailbox = isPage ? await (from as Page).context().newPage() : null;
  const deadline = Date.now() + timeout;
  try {
    for (;;) {
      let entries: MailboxEntry[];
      if (mailbox) {
        await mailbox.goto("/dev/mailbox");
        entries = await mailbox.locator("article").evaluateAll((articles) =>
          articles.map((article) => ({
            // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, with the line breaks between blocks that textContent drops
            text: (article as HTMLElement).innerText,
            sentAt: article.querySelector("time[datetime]")?.getAttribute("datetime") ?? null,
          })),
        );
      } else {
        const response = await (from as APIRequestContext).get("/dev/mailbox");
        expect(response.status(), "GET /dev/mailbox").toBe(200);
        entries = entriesFromHtml(await response.text());
      }
      const code = newestCodeFor(entries, email);
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`No 6-digit code for ${email} in /dev/mailbox after ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await mailbox?.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Header and auth

/**
 * Opens `path` and waits until React has hydrated it (root.tsx marks `<html data-hydrated>`) and the network is idle:
 * its handlers are on and its first requests are done. Network idle alone can come first on a loaded machine.
 */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** Waits until the page now open has hydrated, as `visit` does: after a reload, or a navigation the test did not make. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  // A lazy part of the page (the order panel's reviews, extensions, stages) hydrates after the root, once its code has
  // come and React has had its turn: a form pressed before then posts as without JavaScript (no confirm, no field
  // errors). React marks each element it has hydrated (a `__reactProps$…` key): wait until every form and button has
  // it, or sits in markup React never renders inside (a `dangerouslySetInnerHTML` container: explore's cards, the
  // footer), which is why the walk up stops at the first element React marked.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("form, button")].every((element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          const props = Object.keys(node).find((key) => key.startsWith("__reactProps$"));
          if (props)
            return (
              node === element ||
              Boolean(
                (node as unknown as Record<string, { dangerouslySetInnerHTML?: unknown }>)[props]
                  ?.dangerouslySetInnerHTML,
              )
            );
        }
        return true;
      }),
    undefined,
    { timeout: 30_000 },
  );
}

export const header = (page: Page) => page.getByRole("banner");
export const accountMenuButton = (page: Page) => page.getByRole("button", { name: "Account menu" });
export const authDialog = (page: Page) => page.getByRole("dialog");

/** The control that submits a step of the auth dialog: Enter in its field, as a keyboard user would. */
export async function submitField(field: Locator) {
  await field.press("Enter");
}

/** Sign-in through the real UI: header "Sign in", e-mail, code from the mailbox; waits for the reload. */
export async function signIn(page: Page, email: string, { expectSignedIn = true } = {}) {
  if (page.url() === "about:blank") await page.goto("/");
  await header(page).getByRole("button", { name: "Sign in", exact: true }).click();
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Send code" }).click();
  const codeField = dialog.getByLabel("Code", { exact: true });
  await expect(codeField).toBeVisible();
  await codeField.fill(await readLatestCode(page, email));
  // The complete step reloads the page after about a second: the next "load" event is that reload.
  const reloaded = page.waitForEvent("load", { timeout: 20_000 });
  await submitField(codeField);
  await reloaded;
  if (expectSignedIn) await expect(accountMenuButton(page)).toBeVisible();
}

/**
 * Sign-in through the API (same endpoints the dialog calls), for specs about what a signed-in user sees rather
 * than about signing in. The cookies land in the page's browser context. The callback signs in only requests the
 * app's own pages send (`Sec-Fetch-Site: same-origin`, decision 009); the browser adds it, this client says it.
 */
export async function signInWithApi(page: Page, email: string) {
  const send = await page.request.post("/api/auth/email/send", { data: { email } });
  expect(send.status(), `send code to ${email}: ${await send.text()}`).toBe(200);
  const token = await readLatestCode(page.request, email);
  const verify = await page.request.get("/api/auth/callback/email", {
    params: { email, token },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(verify.status(), `verify code for ${email}: ${await verify.text()}`).toBe(200);
}

/** Signs up a new user through the API (as the modal does) and returns it; cookies land in the page's context. */
export async function signUpWithApi(page: Page) {
  const user = freshUser();
  const send = await page.request.post("/api/auth/email/send", { data: user });
  expect(send.status(), `send sign-up code: ${await send.text()}`).toBe(200);
  const token = await readLatestCode(page.request, user.email);
  const verify = await page.request.get("/api/auth/callback/email", {
    params: { email: user.email, token },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(verify.status(), `verify sign-up code: ${await verify.text()}`).toBe(200);
  return user;
}

/** A new browser context (its own cookies and client address) with a freshly signed-up user in it. */
export async function newSignedUpUser(browser: Browser, baseURL: string, ip: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "cf-connecting-ip": ip } });
  const page = await context.newPage();
  const user = await signUpWithApi(page);
  return { context, page, user };
}

/** A handle and address nobody has used: handles are 4-16 letters and digits. */
export function freshUser() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.slice(-10);
  return { handle: `e2e${id}`, email: `e2e-${id}@example.test` };
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target, `reachable with ${backwards ? "Shift+Tab" : "Tab"} within ${max} presses`).toBeFocused();
}
