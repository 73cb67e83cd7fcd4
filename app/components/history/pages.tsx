// The history tables' pager, shared by the sales and billing histories and the wallet.
import { Link } from "react-router";
import { m } from "~/paraglide/messages.js";

/** Previous / next page links (?page=N), shown only when there is somewhere to go. */
export function Pages({ page, hasMore }: { page: number; hasMore: boolean }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="flex justify-between gap-4 text-sm">
      {page > 1 ? <Link to={`?page=${page - 1}`} className="button-secondary min-h-11">{m.history_page_previous()}</Link> : <span />}
      {hasMore && <Link to={`?page=${page + 1}`} className="button-secondary min-h-11">{m.history_page_next()}</Link>}
    </nav>
  );
}
