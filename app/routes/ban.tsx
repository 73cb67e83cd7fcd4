import { redirect } from "react-router";
import { signOut } from "#app/components/layout/sign-out";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { isBanned } from "#worker/domain/roles";
import { keepingLanguage } from "#worker/http/locale";
import type { Route } from "./+types/ban";

/** Banned users are sent here by the Worker; anyone else has nothing to read here. */
export function loader({ context }: Route.LoaderArgs) {
  const { user, url } = context.get(requestContext);
  if (!user || !isBanned(user.roles)) throw redirect(keepingLanguage("/", url));
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: m.layout_meta_page_title({ page: m.ban_title() }) }];

export default function Ban() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">{m.ban_title()}</h1>
      <p className="mt-4 text-zinc-700 dark:text-zinc-300">{m.ban_body()}</p>
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{m.ban_body_terms()}</p>
      <button type="button" className="button-primary mt-8" onClick={() => void signOut()}>
        {m.ban_log_out()}
      </button>
    </div>
  );
}
