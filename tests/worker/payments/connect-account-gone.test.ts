// A creator's connected account that is gone at Stripe (deleted, or the platform's access revoked): Stripe answers
// 403 (StripePermissionError) for it, not 404 (issue 32). The wallet's status read, the onboarding link, the dashboard
// link and account.updated all treat it as gone: the creator starts over, and nobody gets a 500.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { releaseHeldPayouts } from "#worker/orders/services/payouts";
import { call } from "../support/helpers";
import { accountOf, connectGet, creator, onboard, paidOrder } from "../support/connect-helpers";
import { newParty } from "../support/order-states";
import { deliver, platform } from "../support/payments-helpers";

describe("a connected account gone at Stripe", () => {
  it("reads as not connected, onboards a new account, and its account.updated is acknowledged", async () => {
    const seller = await creator();
    await onboard(seller.cookie, "complete");
    const gone = (await accountOf(seller))!;
    expect((await connectGet(seller.cookie)).body).toMatchObject({ state: "ready" });
    const [lastUpdate] = (await platform().events.list({ type: "account.updated", limit: 1 }, { stripeAccount: gone }))
      .data;
    await platform().accounts.del(gone);
    await expect(platform().accounts.retrieve(gone)).rejects.toMatchObject({
      statusCode: 403,
      type: "StripePermissionError",
    });

    // Stripe's last word about it, delivered late: re-reading it finds it gone, and the event is still acknowledged.
    expect((await deliver(lastUpdate)).status).toBe(200);
    expect(await accountOf(seller)).toBeNull();

    // The wallet: not connected; the dashboard link: none to give (409), never a 500.
    expect(await connectGet(seller.cookie)).toMatchObject({
      status: 200,
      body: { state: "not_connected", connected: false },
    });
    expect((await call("/api/stripe/connect/signin", { method: "POST", cookie: seller.cookie })).status).toBe(409);

    // Setting up again makes a new account, not the gone one replayed.
    await onboard(seller.cookie, "complete");
    const fresh = await accountOf(seller);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(gone);
    expect((await connectGet(seller.cookie)).body).toMatchObject({ state: "ready" });
  });

  it("a signup whose stored account went away gives a link for a new account", async () => {
    const seller = await creator();
    await onboard(seller.cookie, "incomplete");
    const gone = (await accountOf(seller))!;
    await platform().accounts.del(gone);
    // No status read in between: the signup itself meets the gone account.
    const signup = await call("/api/stripe/connect/signup", { method: "POST", cookie: seller.cookie });
    expect(signup.status).toBe(200);
    const fresh = await accountOf(seller);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(gone);
    expect(((await signup.json()) as { url: string }).url).toContain(fresh!);
  });

  it("a payout whose account went away stays held, and the cron stops trying it until the creator sets up again", async () => {
    const [seller, buyer] = [await creator(), await newParty()];
    await onboard(seller.cookie, "complete");
    const gone = (await accountOf(seller))!;
    await platform().accounts.del(gone);
    const order = await paidOrder("DELIVERED_WEEK_AGO", seller, buyer);
    // The completion's own release meets the gone account ("No such destination").
    expect(
      (
        await call("/api/features/commission/order/complete", {
          method: "POST",
          cookie: seller.cookie,
          json: { orderId: order.id, confirmed: true },
        })
      ).status,
    ).toBe(200);
    const payout = () =>
      env.DB.prepare("SELECT payout_status, last_error FROM creator_payouts WHERE order_id = ?").bind(order.id).first();
    expect(await payout()).toEqual({ payout_status: "HELD", last_error: "resource_missing" });
    // The cron's release no longer picks it: the account can't be paid.
    expect(await releaseHeldPayouts({ d1: env.DB, stripe: platform() }, seller.userAccountId)).toEqual([]);

    // The creator comes back and sets up a new account: the payout goes there, once.
    expect((await connectGet(seller.cookie)).body).toMatchObject({ state: "not_connected" });
    await onboard(seller.cookie, "complete");
    const fresh = (await accountOf(seller))!;
    expect(await payout()).toMatchObject({ payout_status: "TRANSFERRED" });
    expect((await platform().transfers.list({ destination: fresh, limit: 10 })).data).toHaveLength(1);
  });
});
