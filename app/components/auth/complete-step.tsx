import { useEffect } from "react";
import { m } from "#app/paraglide/messages.js";
import { AUTH_RELOAD_DELAY_MS } from "#worker/domain/sign-in-rules";
import { safeNextFromSearch } from "#app/lib/safe-next-path";

/**
 * The last step: a short confirmation, then the page reloads (spec: 1 s) so it renders signed in, or goes to
 * `reloadTo`, or to the page that asked the visitor to sign in (`?next=`).
 */
export function CompleteStep(props: { titleId: string; title: string; reloadTo?: string }) {
  useEffect(() => {
    const timer = setTimeout(() => {
      const target = props.reloadTo ?? safeNextFromSearch(window.location.search, window.location.origin);
      if (target) window.location.assign(target);
      else window.location.reload();
    }, AUTH_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [props.reloadTo]);

  return (
    <div className="space-y-3 py-4 text-center" role="status">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mx-auto h-12 w-12 text-emerald-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M7 12.5l3 3 7-7" />
      </svg>
      <h2 id={props.titleId} className="text-xl font-bold">
        {props.title}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.auth_reloading()}</p>
    </div>
  );
}
