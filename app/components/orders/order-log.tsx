// The order's event log (issue 10: who, what, when), shown to both parties under the panel. Drawn on the server only
// (order-markup.server.tsx), from the lines of order-log-texts.server.ts.

export interface OrderLogLine {
  version: number;
  at: number;
  what: string;
  who: string;
  when: string;
}

export function OrderLog({ events, texts }: { events: OrderLogLine[]; texts: { heading: string; empty: string } }) {
  return (
    <section aria-labelledby="order-log-heading" className="space-y-2">
      <h3 id="order-log-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {texts.heading}
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.empty}</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {events.map((event) => (
            <li key={event.version} className="flex flex-wrap justify-between gap-2">
              <span className="space-x-1">
                <span className="text-zinc-900 dark:text-zinc-100">{event.what}</span>
                <span className="text-zinc-700 dark:text-zinc-300">{event.who}</span>
              </span>
              <time dateTime={new Date(event.at).toISOString()} className="text-zinc-700 dark:text-zinc-300">
                {event.when}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
