import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Toast, useToast, type ToastMessage } from "#app/components/toast/toast";
import { TextField } from "#app/components/form/text-field";
import { m } from "#app/paraglide/messages.js";

interface WordedBlocker {
  key: string;
  text: string;
  /** The order's page on the user's side of it. */
  href: string;
}

/** What the deletion section shows (decision 104), worded by the loader (app/routes/dashboard/account-deletion.server.ts). */
export interface AccountDeletionSectionData {
  handle: string;
  /** What must end before the account can go; empty when nothing stands in the way. */
  blockers: WordedBlocker[];
}

type Answer = { accountDeletion?: { error?: string; blockers?: WordedBlocker[] } };

/**
 * The account settings' "Delete your account": what goes and what the law keeps, then either the list of what must end
 * first (each a link to its order, and the button disabled beside it) or the handle to type and the button. Posted by
 * fetcher, so the settings form above keeps its own state; done, the answer sends the browser home, signed out.
 */
export function AccountDeletionSection({ section }: { section: AccountDeletionSectionData }) {
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.accountDeletion;
  const blockers = answer?.blockers ?? section.blockers;
  const blocked = blockers.length > 0;
  return (
    <section
      aria-labelledby="account-deletion-heading"
      className="max-w-xl space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <h2 id="account-deletion-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {m.account_deletion_title()}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.account_deletion_intro()}</p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.account_deletion_kept()}</p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {m.account_deletion_handle_note({ handle: section.handle })}
      </p>
      {blocked && (
        <div
          id="account-deletion-blockers"
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 dark:border-amber-700 dark:bg-amber-950"
        >
          <p className="text-sm font-semibold text-amber-950 dark:text-amber-100">{m.account_deletion_blocked()}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-amber-950 dark:text-amber-100">
            {blockers.map((blocker) => (
              <li key={blocker.key}>
                <a href={blocker.href} className="underline underline-offset-2">
                  {blocker.text}
                </a>
              </li>
            ))}
          </ul>
          <p className="text-sm text-amber-900 dark:text-amber-200">{m.account_deletion_blocked_hint()}</p>
        </div>
      )}
      <fetcher.Form method="post" noValidate className="space-y-3">
        <input type="hidden" name="intent" value="deleteAccount" />
        <TextField
          name="confirmHandle"
          label={m.account_deletion_confirm_label({ handle: section.handle })}
          error={answer?.error}
          autoComplete="off"
          spellCheck={false}
          disabled={blocked}
        />
        <button
          type="submit"
          disabled={blocked || busy}
          aria-describedby={blocked ? "account-deletion-blockers" : undefined}
          className="min-h-11 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-red-600 dark:hover:bg-red-500"
        >
          {busy ? m.account_deletion_submitting() : m.account_deletion_submit()}
        </button>
      </fetcher.Form>
    </section>
  );
}

/**
 * The home page's notice after a deletion (the action sends the browser to `/?account-deleted`): shown once, then the
 * query is dropped from the address so a reload does not say it again. Dropped by the history alone, not a navigation:
 * that would load the page again without the query and take the notice away with it. The server renders the live
 * region, so the notice is announced.
 */
export function AccountDeletedToast({ notice }: { notice: ToastMessage }) {
  const { toast, show } = useToast();
  useEffect(() => {
    show(notice);
    window.history.replaceState(window.history.state, "", "/");
  }, [notice]);
  return <Toast toast={toast} />;
}
