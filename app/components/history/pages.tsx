// The history tables' pager, shared by the sales and billing histories and the wallet.
import { Link } from "react-router";
import type { TableTexts } from "./sales-table";

/** Previous / next page links (?page=N), shown only when there is somewhere to go. */
export function Pages({
  page,
  hasMore,
  texts,
}: {
  page: number;
  hasMore: boolean;
  texts: Pick<TableTexts, "previous" | "next">;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="flex justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={`?page=${page - 1}`} className="button-secondary min-h-11">
          {texts.previous}
        </Link>
      ) : (
        <span />
      )}
      {hasMore && (
        <Link to={`?page=${page + 1}`} className="button-secondary min-h-11">
          {texts.next}
        </Link>
      )}
    </nav>
  );
}
