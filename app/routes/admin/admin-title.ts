import { m } from "#app/paraglide/messages.js";

/** An admin console page's document title: "Page | Admin console | Comet" (the overview: "Admin console | Comet"). */
export function adminTitle(page?: string) {
  return [{ title: [page, m.admin_title(), m.app_name()].filter(Boolean).join(" | ") }];
}
