// The admins' dispute queue is the shared world's (GET /api/admin/disputes lists every open dispute): a file that leaves
// disputes open takes its orders out of the queue when it ends, so no later file finds them there.
import { env } from "cloudflare:workers";
import { afterAll } from "vitest";

/** The list a file pushes each order it makes onto; afterAll takes their open disputes out of the admins' queue. */
export function ordersLeavingTheQueue(): string[] {
  const made: string[] = [];
  afterAll(async () => {
    if (made.length === 0) return;
    await env.DB.prepare(
      `UPDATE commission_orders SET disputed_since = NULL WHERE id IN (${made.map(() => "?").join(", ")})`,
    )
      .bind(...made)
      .run();
  });
  return made;
}
