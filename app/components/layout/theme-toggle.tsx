import { m } from "#app/paraglide/messages.js";
import { applyTheme } from "#app/lib/theme";
import { MoonIcon, SunIcon } from "./icons";

/**
 * The theme may come from a cookie or from the system preference (the boot script), so the server cannot
 * always know it: the icon and label switch with the `.dark` class in CSS, and the click reads the class.
 */
export function toggleTheme() {
  applyTheme(document.documentElement.classList.contains("dark") ? "light" : "dark");
}

export function ThemeToggleButton() {
  return (
    <button type="button" className="header-icon-button" onClick={toggleTheme}>
      <MoonIcon className="size-5 dark:hidden" />
      <SunIcon className="hidden size-5 dark:block" />
      <span className="sr-only dark:hidden">{m.header_theme_to_dark()}</span>
      <span className="sr-only hidden dark:inline">{m.header_theme_to_light()}</span>
    </button>
  );
}
