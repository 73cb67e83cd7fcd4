import { requestContext } from "#app/lib/request-context";
import { isDisputeFileKind, opensFile } from "#worker/admin/domain/admin-actions";
import { PRIVATE_MEDIA_CACHE_CONTROL } from "#worker/media/domain/media-access";
import { getObject, serveObject } from "#worker/http/stored-object";
import { disputedOrderFile, recordFileRead } from "#worker/admin/services/admin-dispute-files";
import { cometNow } from "#worker/services/clock";
import { requireAdmin } from "./guard.server";
import type { Route } from "./+types/dispute-file";

/**
 * GET /admin/disputes/:orderId/files/:kind/:id: an admin opens one of a disputed order's private files (issue 49,
 * decision 088). The site's 404 for anyone but an admin; for an admin, the file only while the order's dispute is open,
 * found within that order by what it is (admin-dispute-files.ts). Each read writes its audit row first (the admin's
 * first request of the file whatever its Range; a player's later ranges of a file it already opened are the same read),
 * then the file is served as a signed read is: inert, kept by no cache. Opened only from Comet's own pages: a link on
 * another site (`Sec-Fetch-Site: cross-site`) would make an admin's browser read a file, and log the read in their
 * name, without their meaning to.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, env } = context.get(requestContext);
  const { orderId, kind, id } = params;
  const notFound = () =>
    new Response("Not Found", { status: 404, headers: { "cache-control": PRIVATE_MEDIA_CACHE_CONTROL } });
  if (!isDisputeFileKind(kind) || orderId.length > 64 || id.length > 64) return notFound();
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return notFound();
  const file = await disputedOrderFile(db, { orderId, kind, id });
  if (!file) return notFound();
  const stored = await getObject(env.MEDIA, file.key.key, request);
  if (!stored) return notFound();
  // Every GET goes through the audit log, whatever its Range says (issue 59): the admin's first request of this file
  // writes its row, and so does each new read from the first byte; a later range of a file already opened does not.
  if (request.method === "GET") {
    const fresh = opensFile(request.headers.get("range"));
    const read = {
      adminAccountId: admin.accountId,
      orderId,
      kind,
      id,
      name: file.name,
      fresh,
      now: await cometNow(env),
    };
    if (!(await recordFileRead(db, read))) {
      if (stored.found) await stored.object.body.cancel();
      return notFound();
    }
  }
  return serveObject(stored, PRIVATE_MEDIA_CACHE_CONTROL, file.name);
}
