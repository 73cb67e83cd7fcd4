import { data } from "react-router";
import { m } from "#app/paraglide/messages.js";
import { requestContext } from "#app/lib/request-context";
import { formatDateTime } from "#worker/domain/dates";
import { listDevMails } from "#worker/dev/mailbox";
import type { Route } from "./+types/dev-mailbox";

export const meta: Route.MetaFunction = () => [{ title: "Dev mailbox — Comet" }];

/** Every e-mail the local mailer "sent", newest first. Not part of production builds (see app/routes.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, locale } = context.get(requestContext);
  if (env.MAILER !== "dev-mailbox") throw data(null, { status: 404 });
  const mails = await listDevMails(db);
  return { locale, mails: mails.map((mail) => ({ ...mail, sentAt: formatDateTime(mail.createdAt, locale) })) };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{m.mailbox_title()}</h1>
        <div className="flex gap-2">
          {/* The dev clock moves Comet's time, so the reminders and deadlines' e-mails can be seen here (decision 080). */}
          <a
            href="/dev/clock"
            className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
          >
            {m.mailbox_clock_link()}
          </a>
          <a
            href="/dev/mailbox"
            className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
          >
            {m.mailbox_refresh()}
          </a>
        </div>
      </div>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{m.mailbox_intro()}</p>
      {loaderData.mails.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-zinc-300 p-8 text-center text-zinc-700 dark:border-zinc-600 dark:text-zinc-300">
          {m.mailbox_empty()}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.mails.map((mail) => (
            <li key={mail.id}>
              <article className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-700" data-to={mail.to}>
                <h2 className="font-semibold wrap-anywhere">{mail.subject}</h2>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {m.mailbox_to()} <span className="font-mono wrap-anywhere">{mail.to}</span> ·{" "}
                  <time>{mail.sentAt}</time>
                </p>
                <pre className="mt-3 whitespace-pre-wrap wrap-anywhere font-sans text-sm">{mail.text}</pre>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
