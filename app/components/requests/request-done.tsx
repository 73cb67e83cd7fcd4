import { Link } from "react-router";
import { m } from "#app/paraglide/messages.js";

/** The done step (spec section 2): a thank-you, and Close going to /dashboard/commission/client/requests. */
export function RequestDone({ creatorName, titleId }: { creatorName: string; titleId?: string }) {
  return (
    <div className="space-y-4 py-6 text-center" role="status">
      <div
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
      >
        ✓
      </div>
      <h2 id={titleId} tabIndex={-1} className="text-xl font-bold text-zinc-900 dark:text-zinc-50">
        {m.requests_done_title()}
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">{m.requests_done_message({ creator: creatorName })}</p>
      <Link to="/dashboard/commission/client/requests" className="button-primary inline-flex min-h-11 items-center">
        {m.requests_close()}
      </Link>
    </div>
  );
}
