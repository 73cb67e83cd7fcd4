// A paid order whose delivery deadline has passed is waiting on nobody but the creator: a late delivery changes nothing
// by itself (the buyer may then cancel). Its object must not keep an alarm on that passed deadline, or the alarm,
// re-armed in the past after acting on nothing, would fire again at once for as long as the order stayed late.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { StoredOrder } from "#worker/orders/domain/order-contract";
import { freshUser } from "../support/auth-helpers";
import { signUp } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { orderStub } from "#worker/orders/order-stub";

const DAY = 86_400_000;

async function commissionAccount() {
  const user = freshUser();
  await signUp(user.handle, user.email);
  return (await commissionAccountByEmail(user.email)).id;
}

describe("a paid order late in delivery", () => {
  it("keeps no alarm on its passed delivery deadline, and its alarm changes nothing", async () => {
    const [sellerId, buyerId] = await Promise.all([commissionAccount(), commissionAccount()]);
    const { id } = await insertOrder({ sellerId, buyerId, priceAmount: 10_000, approvalDeadline: Date.now() + DAY });
    const late = Date.now() - DAY;
    await env.DB.prepare(
      `UPDATE commission_orders SET order_progress_status = 'APPROVED', order_payment_status = 'COMPLETED', order_chat_status = 'OPENED',
         approved_at = ?1, paid_at = ?1, delivery_deadline = ?2 WHERE id = ?3`,
    )
      .bind(late - DAY, late, id)
      .run();
    const stub = orderStub(env.ORDER, id);
    expect((await stub.get())?.state.deliveryDeadline).toBe(late);

    await runInDurableObject(stub, async (_instance, state) => {
      expect(await state.storage.getAlarm()).toBeNull();
      // An alarm left from before (set while the deadline was ahead) fires once and is not re-armed.
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await runInDurableObject(stub, async (_instance, state) => {
      expect(await state.storage.getAlarm()).toBeNull();
      expect((await state.storage.get<StoredOrder>("order"))?.state.progress).toBe("APPROVED");
    });
  });
});
