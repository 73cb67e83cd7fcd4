export type Theme = "light" | "dark";

export function parseTheme(value: string | undefined): Theme | null {
  return value === "light" || value === "dark" ? value : null;
}

/**
 * Runs in <head> before first paint: applies the saved theme, or the system preference when none is saved,
 * so the page never flashes the wrong theme. Kept tiny and dependency-free; it is inlined as a string, allowed by
 * the Content-Security-Policy only through the response's nonce (root.tsx), never by 'unsafe-inline' or a hash.
 */
export const themeBootScript = `(()=>{try{var m=document.cookie.match(/(?:^|; )theme=(light|dark)/);var t=m?m[1]:(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light');var c=document.documentElement.classList;c.toggle('dark',t==='dark');}catch(e){}})()`;

/** Save the theme for the server (cookie, read on the next request) and apply it now. */
export function applyTheme(theme: Theme) {
  document.cookie = `theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  document.documentElement.classList.toggle("dark", theme === "dark");
}
