// The browser tests run every axe rule in the page's theme and, in the other theme, only the rules a theme can change
// (THEME_RULES in tests/e2e/fixtures.ts, decision 084). That holds while the dark theme changes colours and shows or
// hides nothing but the theme switches' own icons and labels, whose names the theme rules check. A `dark:` variant
// that shows, hides or lays out anything else fails here, and the browser tests' theme rules must be widened with it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** A `dark:` variant of a display, visibility or screen-reader utility: the dark theme then changes what exists. */
const DARK_STRUCTURE =
  /\bdark:(?:hidden|block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|contents|sr-only|not-sr-only|invisible|visible|collapse)\b/g;

/** The places allowed to use one: the theme switches, whose icon and label follow the theme. */
const THEME_SWITCHES = ["app/components/layout/menu-panels.tsx", "app/components/layout/theme-toggle.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "paraglide" ? [] : sourceFiles(path);
    return /\.(tsx?|css)$/.test(entry.name) ? [path] : [];
  });
}

describe("the dark theme changes colours only", () => {
  it("shows or hides nothing but the theme switches' icons and labels", () => {
    const users = sourceFiles("app").filter((file) => readFileSync(file, "utf8").match(DARK_STRUCTURE) !== null);
    expect(users.sort()).toEqual(THEME_SWITCHES);
  });

  it("sees a planted dark:hidden", () => {
    expect("text-zinc-600 dark:hidden".match(DARK_STRUCTURE)).toEqual(["dark:hidden"]);
    expect("dark:bg-zinc-900 dark:text-zinc-50".match(DARK_STRUCTURE)).toBeNull();
  });
});
