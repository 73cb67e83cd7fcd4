// Onboarding takes time on Stripe (issue 32): a submitted account is first "in review" (pending verification), and may
// then be asked for more ("requirements due") before it can be paid. The emulator moves through those states with
// account.updated events to the Connect endpoint; the wallet shows each, and the account's late readiness reaches the
// Worker through the Connect webhook alone.
import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { accountOf, connectGet, creator, onboard } from "../support/connect-helpers";
import { deliver, platform } from "../support/payments-helpers";

const emulator = `http://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}`;
const verify = (account: string, outcome: "verified" | "requirements_due" = "verified") =>
  fetch(`${emulator}/_emulator/connect/accounts/${account}/verify`, {
    method: "POST",
    body: new URLSearchParams({ outcome }),
  });
const accountUpdates = async (account: string): Promise<Stripe.Event[]> =>
  (await platform().events.list({ type: "account.updated", limit: 100 }, { stripeAccount: account })).data.reverse();
const savedFlags = async (account: string) =>
  env.DB.prepare("SELECT details_submitted, payouts_enabled FROM stripe_connected_accounts WHERE stripe_account_id = ?")
    .bind(account)
    .first<{ details_submitted: number; payouts_enabled: number }>();

describe("onboarding over time", () => {
  it("in review after submitting, then ready once Stripe has verified, told by account.updated on the Connect endpoint", async () => {
    const seller = await creator();
    await onboard(seller.cookie, "review");
    const account = (await accountOf(seller))!;
    expect((await connectGet(seller.cookie)).body).toMatchObject({
      state: "in_review",
      detailsSubmitted: true,
      payoutsEnabled: false,
    });

    const seen = (await accountUpdates(account)).length;
    expect((await verify(account)).status).toBe(200);
    // The creator does not come back: only Stripe's notice tells Comet.
    const late = (await accountUpdates(account)).slice(seen);
    expect(late.length).toBeGreaterThan(0);
    for (const event of late) expect((await deliver(event)).status).toBe(200);
    expect(await savedFlags(account)).toEqual({ details_submitted: 1, payouts_enabled: 1 });
    expect((await connectGet(seller.cookie)).body).toMatchObject({ state: "ready" });
  });

  it("asked for more after review: the wallet says what is due, and giving it makes the account ready", async () => {
    const seller = await creator();
    await onboard(seller.cookie, "review");
    const account = (await accountOf(seller))!;
    expect((await verify(account, "requirements_due")).status).toBe(200);
    const due = (await connectGet(seller.cookie)).body as { state: string; requirementsDue: string[] };
    expect(due.state).toBe("requirements_due");
    expect(due.requirementsDue.length).toBeGreaterThan(0);

    await onboard(seller.cookie, "complete");
    expect((await connectGet(seller.cookie)).body).toMatchObject({ state: "ready", requirementsDue: [] });
  });
});
