import { useState } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";

const BOOKMARK_ENDPOINT = "/api/features/bookmark/order/submit";

/** What a bookmark points at: a commission form (the spec's call) or a service. */
export type BookmarkTarget = { kind: "form"; id: string } | { kind: "service"; id: string };

/**
 * The bookmark toggle of service and form cards (spec sections 4, 7, 8): on/off with a loading state, sent as
 * POST {commissionFormId | commissionServiceId, isActive}. A failure is logged and said next to the button; the
 * toggle keeps its state. Sits above a card's covering link (relative z-10).
 */
export function BookmarkToggle({
  target,
  title,
  initial,
}: {
  target: BookmarkTarget;
  title: string;
  initial: boolean;
}) {
  const [active, setActive] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggle() {
    const next = !active;
    setLoading(true);
    setError(null);
    try {
      const response = await fetch(BOOKMARK_ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(
          target.kind === "form"
            ? { commissionFormId: target.id, isActive: next }
            : { commissionServiceId: target.id, isActive: next },
        ),
      });
      // Spec section 8: a non-200 is only logged; the toggle keeps its state and says it failed.
      if (!response.ok) throw new Error(`bookmark ${response.status}`);
      setActive(next);
    } catch (cause) {
      console.error(cause);
      setError(next ? m.catalog_bookmark_error_on() : m.catalog_bookmark_error_off());
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="relative z-10 flex flex-col items-end">
      <button
        type="button"
        onClick={toggle}
        disabled={loading}
        aria-pressed={active}
        aria-busy={loading}
        aria-label={active ? m.catalog_bookmark_remove({ title }) : m.catalog_bookmark_add({ title })}
        className="inline-flex size-9 items-center justify-center rounded-full text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        {loading ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
        ) : (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill={active ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 3h12v18l-6-4-6 4z" strokeLinejoin="round" />
          </svg>
        )}
      </button>
      <ErrorText text={error} className="mt-1" />
    </div>
  );
}
