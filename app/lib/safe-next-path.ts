/**
 * Where to go after signing in, from a `next` parameter: the normalised path, query and hash of `next` when it
 * resolves to `origin`, else null. Parsed the way the browser will parse it (tabs and newlines dropped, `\` read
 * as `/`), not inspected character by character: `/\t/evil.example/` looks local and is `//evil.example/`.
 * No React: the worker tests import it.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | null {
  if (!next?.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse to "//host" ("/.//evil.example"): the result itself must stay here too.
  return new URL(path, origin).origin === origin && !path.startsWith("//") ? path : null;
}

/** The safe `next` of a query string (`location.search`), or null. */
export function safeNextFromSearch(search: string, origin: string): string | null {
  return safeNextPath(new URLSearchParams(search).get("next"), origin);
}
