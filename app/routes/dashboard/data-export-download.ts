import { requestContext } from "#app/lib/request-context";
import { PRIVATE_MEDIA_CACHE_CONTROL } from "#worker/media/domain/media-access";
import { getObject, serveObject } from "#worker/http/stored-object";
import { openExportDownload } from "#worker/account/services/data-export";
import { cometNow } from "#worker/services/clock";
import type { Route } from "./+types/data-export-download";

/**
 * GET /dashboard/setting/profile/account/export/:exportId?token=…: a user's data download (decision 104), served only
 * to its owner, signed in, with the short-lived token their Download press signed for exactly this file. Anyone else,
 * a signed-out visitor, a stale or foreign token and an expired download all get the same 404. Served as signed reads
 * are (stored-object.ts): saved under its name, kept by no cache, resumable by Range.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env, user } = context.get(requestContext);
  const notFound = () =>
    new Response("Not Found", { status: 404, headers: { "cache-control": PRIVATE_MEDIA_CACHE_CONTROL } });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (params.exportId.length > 64 || token.length > 4096) return notFound();
  const opened = await openExportDownload(
    db,
    env,
    user?.accountId ?? null,
    params.exportId,
    token,
    await cometNow(env),
  );
  if (!opened) return notFound();
  const stored = await getObject(env.MEDIA, opened.key, request);
  if (!stored) return notFound();
  return serveObject(stored, PRIVATE_MEDIA_CACHE_CONTROL, opened.name);
}
