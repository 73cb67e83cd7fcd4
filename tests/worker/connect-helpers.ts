// A creator and their connected account, driven as a person would: the Worker's /api/stripe/connect calls and the
// emulator's hosted onboarding page. Shared by the payouts and connected-account suites.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { call } from "./helpers";
import { newParty, type Party } from "./order-states";

export async function creator(): Promise<Party> {
  const party = await newParty();
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')").bind(party.userAccountId).run();
  return party;
}

export const connectGet = async (cookie: string) => {
  const response = await call("/api/stripe/connect/get", { cookie });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/**
 * The creator on the emulator's onboarding page: the signup link, then Complete or Leave incomplete. Stripe sends them
 * back to the wallet, whose status read refreshes the account (`landOnWallet`); without it only account.updated can.
 */
export async function onboard(cookie: string, outcome: "complete" | "incomplete", { landOnWallet = true } = {}): Promise<URL> {
  const signup = await call("/api/stripe/connect/signup", { method: "POST", cookie });
  expect(signup.status).toBe(200);
  const url = new URL(((await signup.json()) as { url: string }).url);
  expect((await fetch(url)).status).toBe(200);
  const response = await fetch(new URL(url.pathname, url), {
    method: "POST",
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), outcome }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  if (landOnWallet) expect((await connectGet(cookie)).status).toBe(200);
  return new URL(response.headers.get("location")!);
}

export const accountOf = async (party: Party) =>
  (await env.DB.prepare("SELECT stripe_account_id FROM stripe_connected_accounts WHERE user_account_id = ?").bind(party.userAccountId).first<{ stripe_account_id: string }>())?.stripe_account_id ?? null;
