import { requestContext } from "#app/lib/request-context";
import { searchTags } from "#worker/services/portfolio";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/portfolio-tags";

/** Resource route for the tag input's suggestions: the user's own and public works' tags starting with ?q=. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db } = context.get(requestContext);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 50);
  return { tags: await searchTags(db, user.accountId, q) };
}
