import { useId } from "react";
import { useFetcher } from "react-router";

/** What the "Adult content" section shows (decision 110), read by the loader (app/routes/dashboard/adult-content.server.ts). */
export interface AdultContentSectionData {
  on: boolean;
  /** Its words, in the reader's language from the loader, so the page's JavaScript carries none (decision 053). */
  texts: {
    title: string;
    intro: string;
    stateOn: string;
    stateOff: string;
    confirm: string;
    show: string;
    hide: string;
    saving: string;
    needsBirthday: string;
  };
  /** The age confirmation reads the stored birthday: without one, the section asks for it first. */
  hasBirthday: boolean;
}

type Answer = { adultContent?: { on?: boolean; error?: string } };

/**
 * The account settings' "Show adult content": off, a checkbox confirming the age and a button; on, a button to turn it
 * off. Posted by fetcher, so the settings form above keeps its own state. The server checks the stored birthday.
 */
export function AdultContentSection({ section }: { section: AdultContentSectionData }) {
  const fetcher = useFetcher<Answer>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.adultContent;
  const on = answer?.on ?? section.on;
  const error = answer?.error;
  const t = section.texts;
  const button =
    "rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium text-zinc-900 hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800";
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="max-w-xl space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800"
      data-testid="adult-content-section"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {t.title}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t.intro}</p>
      <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100" aria-live="polite">
        {on ? t.stateOn : t.stateOff}
      </p>
      <fetcher.Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="adultContent" />
        <input type="hidden" name="show" value={on ? "off" : "on"} />
        {!on && !section.hasBirthday && <p className="text-sm text-zinc-700 dark:text-zinc-300">{t.needsBirthday}</p>}
        {!on && (
          <label className="flex items-start gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input type="checkbox" name="confirm" value="on" required className="mt-0.5" />
            <span>{t.confirm}</span>
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className={button}>
          {busy ? t.saving : on ? t.hide : t.show}
        </button>
      </fetcher.Form>
    </section>
  );
}
