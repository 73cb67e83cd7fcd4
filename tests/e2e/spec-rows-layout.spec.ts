import type { Locator, Page } from "@playwright/test";
import {
  DEMO,
  accountMenuButton,
  authDialog,
  expect,
  freshUser,
  header,
  signInWithApi,
  signUpWithApi,
  test,
  visit,
} from "./fixtures";
import { insertForm } from "./order-fixtures";
import { newCreator } from "./order-steps";

/**
 * Issue 33, "done but untested": the layout and modal rows of the spec, each measured in the browser. The header
 * (60 px; border and blur only after 60 px of scroll; its logo, search and Support targets; dropdowns at most 440 px),
 * the dashboard sidebar's section titles, form titles cut at 30 characters on cards, the auth modal's switch links
 * and back arrow, the service modal's Back and the creator's own disabled button, the lg player's width, the image
 * placeholder, the share hashtag and the tag search's 500 ms debounce (on Playwright's clock, not on timing).
 */

const TRANSPARENT = "rgba(0, 0, 0, 0)";

async function headerLook(page: Page) {
  return header(page).evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      height: el.getBoundingClientRect().height,
      top: el.getBoundingClientRect().top,
      border: style.borderBottomColor,
      blur: style.backdropFilter,
    };
  });
}

test("the header is 60 px high, and gets its border and blur only once the page has scrolled past 60 px", async ({
  page,
}) => {
  // Short enough that the home page scrolls well past 60 px.
  await page.setViewportSize({ width: 1280, height: 400 });
  await visit(page, "/");
  const scrollTo = (y: number) => page.evaluate((y) => window.scrollTo(0, y), y);

  const atTop = await headerLook(page);
  expect(atTop.height).toBe(60);
  expect(atTop.border).toBe(TRANSPARENT);
  expect(atTop.blur).toBe("none");

  await scrollTo(40);
  await expect.poll(async () => (await headerLook(page)).blur, { message: "no blur at 40 px" }).toBe("none");
  expect((await headerLook(page)).border).toBe(TRANSPARENT);

  await scrollTo(200);
  await expect.poll(async () => (await headerLook(page)).blur).toMatch(/^blur\(/);
  await expect.poll(async () => (await headerLook(page)).border).not.toBe(TRANSPARENT);
  const scrolled = await headerLook(page);
  expect(scrolled.height).toBe(60);
  // Sticky: still at the top of the window.
  expect(scrolled.top).toBe(0);

  await scrollTo(0);
  await expect.poll(async () => (await headerLook(page)).blur).toBe("none");
  await expect.poll(async () => (await headerLook(page)).border).toBe(TRANSPARENT);
});

test("the header's logo goes home and its search icon to the creator search", async ({ page }) => {
  await visit(page, "/democreator");
  const logo = header(page).getByRole("link", { name: "Comet home" });
  await expect(logo).toHaveAttribute("href", "/");
  await logo.click();
  await expect(page).toHaveURL(/\/$/);

  const search = header(page).getByRole("link", { name: "Search creators" });
  await expect(search).toHaveAttribute("href", "/explore/creators");
  await search.click();
  await expect(page).toHaveURL(/\/explore\/creators$/);
  await expect(page.getByRole("heading", { level: 1, name: "Explore creators" })).toBeVisible();
});

test("the avatar menu's Support link goes home", async ({ page }) => {
  await signUpWithApi(page);
  await visit(page, "/explore/creators");
  await accountMenuButton(page).click();
  const support = page.getByRole("menu").getByRole("menuitem", { name: "Support", exact: true });
  await expect(support).toHaveAttribute("href", "/");
  await support.click();
  await expect(page).toHaveURL(/\/$/);
});

test("a header dropdown is at most 440 px high and scrolls what does not fit", async ({ page }) => {
  // A creator on a phone: the avatar menu has its most items (the small-screen links too).
  await page.setViewportSize({ width: 375, height: 900 });
  await newCreator(page);
  await visit(page, "/");
  await accountMenuButton(page).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem").first()).toBeVisible();
  const measured = await menu.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      maxHeight: style.maxHeight,
      overflowY: style.overflowY,
      height: el.getBoundingClientRect().height,
      scrollHeight: el.scrollHeight,
    };
  });
  expect(measured.maxHeight).toBe("440px");
  expect(measured.overflowY).toBe("auto");
  expect(measured.height).toBeLessThanOrEqual(440);
  // What does not fit scrolls inside the panel: its content is taller than the panel, which stops at 440 px.
  if (measured.scrollHeight > 440) expect(measured.height).toBe(440);
});

test("the dashboard sidebar groups its links under the section titles General, Commission - creator, Commission - client and History", async ({
  page,
}) => {
  await signUpWithApi(page);
  await visit(page, "/dashboard/setting/profile");
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  const section = (title: string) => sidebar.getByRole("list", { name: title, exact: true });
  // A client: no creator section.
  await expect(section("General").getByRole("link", { name: "Settings", exact: true })).toBeVisible();
  await expect(section("Commission - client").getByRole("link", { name: "Sent requests" })).toBeVisible();
  await expect(section("History").getByRole("link").first()).toBeVisible();
  await expect(section("Commission - creator")).toHaveCount(0);

  await newCreator(page);
  await visit(page, "/dashboard/setting/profile");
  for (const title of ["General", "Commission - creator", "Commission - client", "History"])
    await expect(section(title), title).toBeVisible();
  await expect(section("Commission - creator").getByRole("link", { name: "Managements" })).toBeVisible();
  await expect(section("History").getByRole("link", { name: "Sales" })).toBeVisible();
  // Each title is shown above its own links, in the spec's order.
  const tops = await Promise.all(
    ["General", "Commission - creator", "Commission - client", "History"].map(
      async (title) => (await sidebar.getByText(title, { exact: true }).boundingBox())!.y,
    ),
  );
  expect([...tops].sort((a, b) => a - b)).toEqual(tops);
});

test("form titles are cut at 30 characters on the creator card and the form card, the whole title kept as a tooltip", async ({
  page,
}) => {
  const creator = await newCreator(page);
  const word = `zr${creator.handle.slice(3)}`;
  await visit(page, "/dashboard/setting/profile");
  await page.getByLabel("Bio", { exact: true }).fill(`Cards for ${word}.`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  // 41 characters; the cut keeps the first 30.
  const title = `Thirty characters then ${word} more`.padEnd(41, "x");
  expect(title.length).toBeGreaterThan(30);
  const cut = `${title.slice(0, 30)}…`;
  const { code } = await insertForm({ sellerEmail: creator.email, title, priceAmount: 5000 });

  await visit(page, `/explore/creators?q=${word}`);
  await expect(page.getByRole("article")).toHaveCount(1);
  const card = page.getByRole("article");
  await expect(card.getByText(cut, { exact: true })).toBeVisible();
  await expect(card.getByText(title, { exact: true })).toHaveCount(0);
  await expect(card.getByText(cut, { exact: true })).toHaveAttribute("title", title);

  await visit(page, `/${creator.handle}`);
  const forms = page.getByRole("region", { name: "Commission forms" });
  const link = forms.getByRole("link", { name: cut, exact: true });
  await expect(link).toHaveAttribute("href", `/cf/${code}`);
  await expect(forms.getByText(title, { exact: true })).toHaveCount(0);
  await expect(forms.getByRole("heading", { name: cut })).toHaveAttribute("title", title);
});

test("the auth modal's links switch between sign-up and sign-in, and the back arrow returns from the code step", async ({
  page,
}) => {
  const user = freshUser();
  await visit(page, "/");
  await header(page).getByRole("button", { name: "Sign up", exact: true }).click();
  const dialog = authDialog(page);
  const signUpTitle = dialog.getByRole("heading", { name: "Create your Comet account" });
  const signInTitle = dialog.getByRole("heading", { name: "Sign in to Comet" });
  await expect(signUpTitle).toBeVisible();

  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(signInTitle).toBeVisible();
  await expect(dialog.getByLabel("Handle", { exact: true })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(signUpTitle).toBeVisible();

  // Sign-up: account, then the code step; the back arrow returns to the account step with what was typed.
  await dialog.getByLabel("Handle", { exact: true }).fill(user.handle);
  await dialog.getByLabel("E-mail", { exact: true }).fill(user.email);
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await dialog.getByRole("button", { name: "Back", exact: true }).click();
  await expect(signUpTitle).toBeVisible();
  await expect(dialog.getByLabel("Handle", { exact: true })).toHaveValue(user.handle);
  await expect(dialog.getByLabel("E-mail", { exact: true })).toHaveValue(user.email);

  // Sign-in: start, then the code step; back returns to start.
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await dialog.getByLabel("E-mail", { exact: true }).fill(user.email);
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await dialog.getByRole("button", { name: "Back", exact: true }).click();
  await expect(signInTitle).toBeVisible();
  await expect(dialog.getByLabel("E-mail", { exact: true })).toHaveValue(user.email);
});

const openFirstService = async (page: Page) => {
  await visit(page, "/democreator");
  await page.getByRole("region", { name: "Services" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/democreator\?service=/);
  return page.getByRole("dialog");
};
const currentStep = (modal: Locator) =>
  modal.getByRole("list", { name: "Request steps" }).locator('[aria-current="step"]');

test("the service modal's Back returns from the request to the details", async ({ page }) => {
  await signUpWithApi(page);
  const modal = await openFirstService(page);
  await expect(currentStep(modal)).toHaveText("1. Details");
  await modal.getByLabel("I accept the terms of service").check();
  await modal.getByRole("button", { name: "Next" }).click();
  await expect(currentStep(modal)).toHaveText("2. Request");
  await expect(modal.getByRole("button", { name: "Send request" })).toBeVisible();

  await modal.getByRole("button", { name: "Back", exact: true }).click();
  await expect(currentStep(modal)).toHaveText("1. Details");
  await expect(modal.getByRole("button", { name: "Send request" })).toHaveCount(0);
  await expect(modal.getByRole("button", { name: "Next" })).toBeVisible();
  await expect(modal.getByLabel("I accept the terms of service")).toBeChecked();
});

test("the creator of a service sees the disabled 'You are the creator himself' instead of Next", async ({ page }) => {
  await signInWithApi(page, DEMO.creator);
  const modal = await openFirstService(page);
  await expect(modal.getByRole("button", { name: "You are the creator himself" })).toBeDisabled();
  await expect(modal.getByRole("button", { name: "Next" })).toHaveCount(0);
  await expect(modal.getByLabel("I accept the terms of service")).toHaveCount(0);
});

test("the lightbox's player is the lg size: as wide as the room allows up to 896 px", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await visit(page, "/democreator");
  await page
    .getByRole("region", { name: "Portfolio" })
    .getByRole("article")
    .first()
    .getByRole("button")
    .first()
    .click();
  const lightbox = page.getByRole("dialog");
  await expect(lightbox).toBeVisible();
  const player = lightbox.locator('[class*="max-w-"]').first();
  await expect(player).toBeVisible();
  // The dialog (60rem less its padding, and the step buttons of a work with several media) leaves more room than
  // md's cap (576 px): lg fills it, up to its own cap of 896 px.
  const room = await player.evaluate((el) => el.parentElement!.getBoundingClientRect().width);
  expect(room).toBeGreaterThan(576);
  const box = (await player.boundingBox())!;
  expect(box.width).toBeCloseTo(Math.min(room, 896), 0);
});

/** Whether `root` holds a pulsing placeholder that is on screen (not 0 px high). */
const pulsingIn = (root: Locator) =>
  root.evaluate((el) =>
    [...el.querySelectorAll("span")].some(
      (span) => getComputedStyle(span).animationName === "pulse" && span.getBoundingClientRect().height > 0,
    ),
  );

test("while a picture loads a pulsing placeholder shows, on cards and in players; a picture that fails shows the placeholder picture", async ({
  page,
}) => {
  // Every stored picture is held until the test lets it go, then fails.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/media\//, async (route) => {
    if (route.request().resourceType() !== "image") return route.continue();
    await released;
    await route.fulfill({ status: 404, body: "" });
  });
  // Not waiting for "load": the held pictures hold it back.
  await page.goto("/democreator", { waitUntil: "domcontentloaded" });
  const work = page.getByRole("region", { name: "Portfolio" }).getByRole("article").first().getByRole("button").first();
  await work.scrollIntoViewIfNeeded();
  await expect
    .poll(() => pulsingIn(work), { message: "a work card's pulsing placeholder while its picture loads" })
    .toBe(true);

  // A player's picture (the service's gallery) has no size of its own until it arrives: its frame still shows.
  await page.getByRole("region", { name: "Services" }).getByRole("link").first().click();
  const media = page.getByRole("dialog").getByRole("region", { name: /^Media of / });
  const slide = media.getByRole("group").first();
  await expect
    .poll(() => pulsingIn(slide), { message: "the gallery's pulsing placeholder while its picture loads" })
    .toBe(true);

  release();
  await expect(media.getByRole("img", { name: /\(Image unavailable\)$/ }).first()).toBeVisible();
  await expect(slide.locator("img")).toHaveCount(0);
  await expect.poll(() => pulsingIn(slide)).toBe(false);
  await expect.poll(() => pulsingIn(work)).toBe(false);
  await expect(work.locator("img")).toHaveCount(0);
});

test("the share links carry the hashtag cometme", async ({ page }) => {
  await visit(page, "/democreator");
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog");
  const x = new URL((await dialog.getByRole("link", { name: "Share on X" }).getAttribute("href"))!);
  expect(x.searchParams.get("hashtags")).toBe("cometme");
  const bluesky = new URL((await dialog.getByRole("link", { name: "Share on BlueSky" }).getAttribute("href"))!);
  expect(bluesky.searchParams.get("text")).toMatch(/ #cometme$/);
  const mail = (await dialog.getByRole("link", { name: "Share by mail" }).getAttribute("href"))!;
  expect(decodeURIComponent(mail)).toMatch(/#cometme$/);
});

test("tag suggestions are searched 500 ms after the last keystroke, once (Playwright's clock)", async ({ page }) => {
  await newCreator(page);
  await page.clock.install();
  await visit(page, "/dashboard/portfolio/creator/new");
  const tags = page.getByRole("textbox", { name: "Tags", exact: true });
  // The field answers (its part of the page has hydrated, which may wait for idle time) before time stops: a tag
  // added by Enter shows as a chip. Adding it empties the field, so nothing is searched for it.
  await tags.fill("warmup");
  await tags.press("Enter");
  await page.getByRole("button", { name: "Remove tag warmup" }).click();
  await expect(page.getByRole("button", { name: "Remove tag warmup" })).toHaveCount(0);
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(Date.now() + 60_000);
  const searches: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/dashboard/portfolio/tags")) searches.push(url.searchParams.get("q") ?? "");
  });

  await tags.fill("ink");
  await page.clock.runFor(499);
  // A search fired by now would reach the network within this real-time pause (the negative checks need one).
  await page.waitForTimeout(500);
  expect(searches).toEqual([]);
  await page.clock.runFor(1);
  await expect.poll(() => searches).toEqual(["ink"]);

  // Each keystroke starts the wait over: "inkw" is never searched, only "inkwa", 500 ms after the "a".
  await tags.press("w");
  await page.clock.runFor(300);
  await tags.press("a");
  await page.clock.runFor(499);
  await page.waitForTimeout(500);
  expect(searches).toEqual(["ink"]);
  await page.clock.runFor(1);
  await expect.poll(() => searches).toEqual(["ink", "inkwa"]);
  // Nothing more without another keystroke.
  await page.clock.runFor(5_000);
  await page.waitForTimeout(500);
  expect(searches).toEqual(["ink", "inkwa"]);
  // Time flows again for the end-of-test checks (they wait for animation frames).
  await page.clock.resume();
});
