// The order's event log (issue 10: who, what, when), shown to both parties under the panel, from the lines the loader
// made (order-log-texts.server.ts: the event and actor words and the times in the viewer's language).
import { m } from "#app/paraglide/messages.js";

export interface OrderLogLine {
  version: number;
  at: number;
  what: string;
  who: string;
  when: string;
}

export function OrderLog({ events }: { events: OrderLogLine[] }) {
  return (
    <section aria-labelledby="order-log-heading" className="space-y-2">
      <h3 id="order-log-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {m.orders_log_heading()}
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.orders_log_empty()}</p>
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
