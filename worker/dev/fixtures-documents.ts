/**
 * The documents due, issued now (decision 102), as the cron's timed jobs would at their next run: the browser tests
 * open receipts and statements without waiting a quarter of an hour or moving the server's one clock (which the dev
 * clock's spec alone may do). A run issues a bounded batch of each kind, oldest first, and the test server holds every
 * other walk's payments too, so this runs batches until one issues nothing.
 *
 * `backdateOrderCode` and `backdateDays` first move that order's charges back in time, as if paid that many days ago,
 * so a month that has closed holds them and its monthly statement is due. Registered with the others in fixtures.ts;
 * development and test builds only.
 */
import { issueDueDocuments } from "../documents/services/issue-due-documents";
import { isLicenceTag, licenceOf } from "../orders/domain/licence";
import { DAY, type Env, type Fields, FixtureError, optionalNum, optionalStr, str } from "./fixture-input";

const MAX_ROUNDS = 100;

export async function issuedDocuments(env: Env, input: Fields) {
  const code = optionalStr(input, "backdateOrderCode");
  const days = optionalNum(input, "backdateDays");
  if (code !== null) {
    if (days === null || !Number.isInteger(days) || days < 1 || days > 400)
      throw new FixtureError("backdateDays: 1 to 400");
    const moved = await env.DB.prepare(
      `UPDATE payment_transactions SET paid_at = paid_at - ?1, updated_at = updated_at - ?1
       WHERE paid_at IS NOT NULL AND order_id = (SELECT id FROM commission_orders WHERE code = ?2)`,
    )
      .bind(days * DAY, code)
      .run();
    if (!moved.meta.changes) throw new FixtureError(`no paid charge on order ${code}`);
  }
  let issued = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const counts = await issueDueDocuments(env.DB, Date.now());
    const some = Object.values(counts).reduce((sum, n) => sum + n, 0);
    issued += some;
    if (some === 0) return { issued };
  }
  throw new FixtureError(`still issuing after ${MAX_ROUNDS} rounds`);
}

/**
 * The licence an order's client and creator agreed (issue 63), on an order made by the `order` fixture, which agrees
 * none: the request page's usage question grants it, a long walk of its own (prices-add-up.spec.ts). `tags` as the
 * choices name them (["goods"], ["exclusive"]).
 */
export async function orderLicence(env: Env, input: Fields) {
  const tags = Array.isArray(input.tags) ? input.tags : [];
  if (!tags.length || !tags.every(isLicenceTag)) throw new FixtureError("tags: licence tags");
  const set = await env.DB.prepare("UPDATE commission_orders SET licence = ? WHERE id = ?")
    .bind(JSON.stringify(licenceOf(tags)), str(input, "orderId"))
    .run();
  if (!set.meta.changes) throw new FixtureError("no such order");
  return {};
}
