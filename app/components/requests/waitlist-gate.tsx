import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { AuthDialogButton } from "#app/components/auth/auth-dialog-button";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";
import type { WaitlistView } from "#app/loaders/requests/waitlist-view.server";

/**
 * The waitlist's part of a service modal or form page (issue 50, decision 091), from the loader's words: every slot
 * taken, the explainer and Join (signed out: Sign in, which opens the sign-in dialog; the line closed: no button); in
 * line, the client's number and Leave; a slot reserved, the highlighted note. Join and Leave post to /api/waitlist and
 * read the page's data again, so the block changes in place; a refusal (409) shows its words. After a move the block's
 * button (or note) takes the focus, as the one pressed is gone.
 */
export function WaitlistGate({ view }: { view: WaitlistView }) {
  const { gate } = view;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const block = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const into = block.current;
    (into?.querySelector("button") ?? into?.querySelector<HTMLElement>("[tabindex='-1']"))?.focus();
  }, [gate?.kind]);

  async function post(path: string, body: object) {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as { message?: string };
        setError(answer.message ?? m.requests_error_network());
      } else moved.current = true;
      // Refused or not, the page reads its data again: a slot may have opened, or the client joined in another tab.
      await revalidator.revalidate();
    } catch {
      setError(m.requests_error_network());
    } finally {
      setBusy(false);
    }
  }

  if (!gate) return error ? <ErrorText text={error} /> : null;
  const note = "text-sm text-zinc-700 dark:text-zinc-300";
  return (
    <div ref={block} className="space-y-3" data-testid="waitlist-gate" data-state={gate.kind}>
      {gate.kind === "reserved" ? (
        <ReservedNote text={gate.note} />
      ) : (
        <p role="status" tabIndex={-1} className={gate.kind === "waiting" ? `${note} font-medium` : note}>
          {gate.note}
        </p>
      )}
      {gate.kind === "join" ? (
        <button
          type="button"
          className="button-primary min-h-11"
          disabled={busy}
          aria-busy={busy}
          onClick={() => post("/api/waitlist/join", view.target)}
        >
          {m.waitlist_join()}
        </button>
      ) : gate.kind === "waiting" ? (
        <button
          type="button"
          className="button-secondary min-h-11"
          disabled={busy}
          aria-busy={busy}
          onClick={() => post("/api/waitlist/leave", { entryId: gate.entryId })}
        >
          {m.waitlist_leave()}
        </button>
      ) : gate.kind === "sign-in" ? (
        <AuthDialogButton mode="signin" className="button-primary min-h-11">
          {m.waitlist_sign_in()}
        </AuthDialogButton>
      ) : null}
      <ErrorText text={error} />
    </div>
  );
}

/** "A slot is reserved for you until …", highlighted: the client's turn, with its end. */
export function ReservedNote({ text }: { text: string }) {
  return (
    <p
      role="status"
      tabIndex={-1}
      data-testid="waitlist-reserved"
      className="rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
    >
      {text}
    </p>
  );
}
