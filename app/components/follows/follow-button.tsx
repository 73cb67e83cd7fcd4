import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";
import { useRootData } from "#app/root";

const FOLLOWS_API = "/api/follows";

/** What the profile already knows of the creator: whether they read as closed before the viewer's own state arrives. */
export interface FollowCreator {
  id: string;
  handle: string;
  isOpenCommission: boolean;
}

interface FollowState {
  following: boolean;
  closed: boolean;
  own: boolean;
}

/**
 * The profile's Follow / Following toggle (issue 66, decision 107). On a closed creator (commissions closed, or no free
 * slot) it reads "Notify me when they open" and does the same: a follow. The page is the edge cache's copy for everyone
 * signed out, so the viewer's own state is asked after it loads (GET /api/follows/state/:id), which keeps the profile's
 * loader as it was; a signed-out press goes to sign-in and back. Hidden on the viewer's own profile.
 */
export function FollowButton({ creator, slotKind }: { creator: FollowCreator; slotKind: string | null }) {
  const user = useRootData()?.user ?? null;
  const own = user !== null && user.handle.toLowerCase() === creator.handle.toLowerCase();
  const [state, setState] = useState<FollowState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signedIn = user !== null;

  useEffect(() => {
    if (!signedIn || own) return;
    let current = true;
    fetch(`${FOLLOWS_API}/state/${encodeURIComponent(creator.id)}`)
      .then((response) => (response.ok ? (response.json() as Promise<{ data: FollowState }>) : null))
      .then((body) => {
        if (current && body) setState(body.data);
      })
      .catch((cause) => console.error(cause));
    return () => {
      current = false;
    };
  }, [creator.id, signedIn, own]);

  if (own || state?.own) return null;
  // Until the viewer's state arrives, the page's own facts say whether the creator reads as closed.
  const closed = state?.closed ?? (!creator.isOpenCommission || (slotKind !== null && slotKind !== "open"));
  const following = state?.following ?? false;
  const label = following
    ? closed
      ? m.follows_notifying()
      : m.follows_following()
    : closed
      ? m.follows_notify()
      : m.follows_follow();
  const className =
    "inline-flex min-h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 " +
    (following
      ? "border-zinc-300 text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
      : "border-transparent bg-brand-600 text-white hover:bg-brand-700");

  if (!signedIn) {
    const next = `/${creator.handle}`;
    return (
      <Link
        to={`/?${new URLSearchParams({ auth: "signin", next })}`}
        className={className}
        title={m.follows_explainer()}
        data-testid="follow-button"
      >
        {label}
      </Link>
    );
  }

  async function toggle() {
    const next = !following;
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`${FOLLOWS_API}/${next ? "follow" : "unfollow"}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ profileId: creator.id }),
      });
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (!response.ok) {
        setError(body?.message ?? m.follows_error());
        return;
      }
      setState({ following: next, closed, own: false });
    } catch (cause) {
      console.error(cause);
      setError(m.follows_error());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-start">
      <button
        type="button"
        onClick={toggle}
        disabled={busy || state === null}
        aria-pressed={following}
        aria-busy={busy || state === null}
        title={m.follows_explainer()}
        className={className}
        data-testid="follow-button"
      >
        {following ? (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : null}
        {label}
      </button>
      <ErrorText text={error} className="mt-1" />
    </div>
  );
}
