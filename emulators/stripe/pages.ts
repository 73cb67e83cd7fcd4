// Responses of the emulator's own routes, and its HTML pages (3-D Secure challenge, Connect onboarding and dashboard): plain forms that work
// without JavaScript, labelled buttons, light theme. They stand in for Stripe-hosted pages in local runs.
import { escapeHtml } from "./util.ts";

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe emulator</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f6f8fa; color: #1a1f36; margin: 0; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; border: 1px solid #d8dee4; border-radius: 8px; padding: 2rem; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  p.note { color: #4f566b; font-size: 0.9rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  .actions { display: flex; gap: 1rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 6px; border: 1px solid #1a1f36; cursor: pointer; }
  button.primary { background: #2e3fc7; border-color: #2e3fc7; color: #fff; }
  button.secondary { background: #fff; color: #1a1f36; }
  button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
<p class="note">This page is served by the local Stripe emulator (a development and test tool). No real payment or account is involved.</p>
</main>
</body>
</html>
`;
}

/** A form with hidden fields and one submit button per outcome (`name="outcome"`), so no script is needed. */
export function outcomeForm(
  action: string,
  hidden: Record<string, string>,
  buttons: { outcome: string; label: string; primary: boolean }[],
): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const submit = buttons
    .map(
      (button) =>
        `<button type="submit" name="outcome" value="${escapeHtml(button.outcome)}" class="${button.primary ? "primary" : "secondary"}">${escapeHtml(button.label)}</button>`,
    )
    .join("\n");
  return `<form method="post" action="${escapeHtml(action)}">
${fields}
<div class="actions">
${submit}
</div>
</form>`;
}

export function htmlResponse(status: number, html: string): Response {
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

export function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

export function messagePage(status: number, title: string, message: string): Response {
  return htmlResponse(status, page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`));
}
