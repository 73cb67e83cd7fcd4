/**
 * Handles no one may take (issue 31): a profile lives at `/{handle}`, so a handle that is also a first path segment
 * the app routes (or will) would take that page over, as a creator renamed "explore" once took `/explore`.
 * `tests/node/reserved-handles.test.ts` reads the route table and the Worker's mounts, so a new route that is not
 * listed here fails it. Compared without case, as handles are (`isHandleTaken`).
 */
const ROUTED = [
  // app/routes.ts
  "explore",
  "cf",
  "ban",
  "onboarding",
  "dev",
  "dashboard",
  // app/routes.ts: the footer's guideline and legal pages (legal-pages.ts)
  "about",
  "guidelines",
  "terms",
  "privacy",
  "legal",
  // worker/app.ts and the static assets
  "api",
  "webhooks",
  "media",
  "ws",
  "assets",
  "favicon",
  "invite",
];

/** Paths a marketplace grows into, and names that would read as the platform's own. */
const FUTURE = [
  "account",
  "accounts",
  "admin",
  "administrator",
  "billing",
  "blog",
  "chat",
  "checkout",
  "client",
  "clients",
  "comet",
  "contact",
  "creator",
  "creators",
  "docs",
  "form",
  "forms",
  "help",
  "home",
  "index",
  "invitations",
  "login",
  "logout",
  "mail",
  "manifest",
  "messages",
  "moderator",
  "notifications",
  "null",
  "official",
  "order",
  "orders",
  "pay",
  "payment",
  "payments",
  "policy",
  "profile",
  "public",
  "register",
  "robots",
  "root",
  "search",
  "security",
  "service",
  "services",
  "settings",
  "signin",
  "signout",
  "signup",
  "sitemap",
  "staff",
  "static",
  "status",
  "support",
  "system",
  "team",
  "tokushoho",
  "undefined",
  "wallet",
  "work",
  "works",
  "www",
];

export const RESERVED_HANDLES: ReadonlySet<string> = new Set([...ROUTED, ...FUTURE]);

export const isReservedHandle = (handle: string) => RESERVED_HANDLES.has(handle.trim().toLowerCase());
