import { Link } from "react-router";
import { m } from "#app/paraglide/messages.js";

/**
 * The bodies of the error pages: a page that is missing or failed under the site layout, and the bare page when the
 * root itself failed. They load only when an error is shown (site-layout.tsx and root.tsx import them lazily), so
 * their words and markup are not in every page's JavaScript; the server renders them in the same response, and the
 * browser keeps that markup (its links work as plain links) until this module arrives.
 */
export function SiteErrorPage({ status, notFound }: { status: number; notFound: boolean }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-300">
        {m.layout_error_status({ status: String(status) })}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">
        {notFound ? m.layout_notfound_title() : m.layout_error_title()}
      </h1>
      <p className="mt-4 text-zinc-600 dark:text-zinc-400">
        {notFound ? m.layout_notfound_body() : m.layout_error_body()}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="button-primary">
          {m.layout_notfound_home()}
        </Link>
        {notFound ? (
          <Link to="/explore/creators" className="button-secondary">
            {m.layout_notfound_explore()}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** The root's error page: without the site's frame, whose data may be what failed. */
export function RootErrorPage({ status }: { status: number }) {
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-4xl font-bold">{status}</h1>
      <p className="mt-4">{status === 404 ? m.error_not_found() : m.error_generic()}</p>
      <a className="mt-6 inline-block underline" href="/">
        {m.error_back_home()}
      </a>
    </main>
  );
}
