/**
 * The payout wallet's calls of spec section 7 (issue 12, docs/decisions/029), for creators and admins, each about the
 * caller's own connected account only (no account id is taken from the request):
 * - POST|GET /api/stripe/connect/signup → { url }: the onboarding link (the account is created the first time);
 * - POST /api/stripe/connect/signin → { url }: the Express dashboard login link (409 before onboarding is submitted);
 * - GET /api/stripe/connect/get → the status: details submitted, charges and payouts enabled, requirements due;
 * - GET /api/stripe/connect/payout?order={code} → that order's payout, if the caller sold it (else 404).
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../http/context";
import { isCreatorSide } from "../domain/roles";
import { onboardingState } from "../orders/domain/payouts";
import { connectStatus, dashboardLink, onboardingLink } from "../services/connected-accounts";
import { createStripe } from "../payments/stripe-client";
import { payoutOfOrder } from "../orders/services/wallet";

const WALLET_PATH = "/dashboard/creator/wallet";

export const stripeConnectApi = new Hono<AppEnv>();

stripeConnectApi.use("*", async (c, next) => {
  const { user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  if (!isCreatorSide(user.roles)) return c.json({ error: "forbidden" }, 403);
  await next();
});

const depsOf = (c: Context<AppEnv>) => {
  const { db, env } = c.get("request");
  return { d1: db.$client, stripe: createStripe(env) };
};

/** Where Stripe's onboarding page sends the creator back: the wallet (refresh: the link expired or was left). */
function onboardingReturnUrls(origin: string) {
  return {
    returnUrl: `${origin}${WALLET_PATH}?onboarding=return`,
    refreshUrl: `${origin}${WALLET_PATH}?onboarding=refresh`,
  };
}

const signup = async (c: Context<AppEnv>) => {
  const { user, url } = c.get("request");
  return c.json({
    url: await onboardingLink(
      depsOf(c),
      { accountId: user!.accountId, email: user!.email },
      onboardingReturnUrls(url.origin),
    ),
  });
};
stripeConnectApi.post("/signup", signup);
stripeConnectApi.get("/signup", signup);

stripeConnectApi.post("/signin", async (c) => {
  const link = await dashboardLink(depsOf(c), c.get("request").user!.accountId);
  if (!link) return c.json({ error: "onboarding_incomplete" }, 409);
  return c.json({ url: link });
});

stripeConnectApi.get("/get", async (c) => {
  const status = await connectStatus(depsOf(c), c.get("request").user!.accountId);
  return c.json({ ...status, state: onboardingState(status) });
});

stripeConnectApi.get("/payout", async (c) => {
  const code = c.req.query("order") ?? "";
  const payout = code ? await payoutOfOrder(c.get("request").db.$client, c.get("request").user!.accountId, code) : null;
  if (!payout) return c.json({ error: "not_found" }, 404);
  return c.json(payout);
});
