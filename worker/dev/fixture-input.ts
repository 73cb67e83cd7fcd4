/**
 * The dev fixtures' shared reading of their JSON input (worker/dev/fixtures.ts and fixtures-stages.ts):
 * a field of the wrong type or a row that is missing is the caller's mistake (a FixtureError, answered 400).
 */
import type { StripeEnv } from "../payments/stripe-client";

export const DAY = 86_400_000;

/**
 * What a fixture may use: D1, and for some the media bucket (a stage preview's file), the Order objects (a preview
 * posted through its object) and the Stripe settings (reading an order's money at the emulator).
 */
export type Env = { DB: D1Database } & Partial<Pick<Cloudflare.Env, "MEDIA" | "ORDER">> & { stripe: StripeEnv };
export type Fields = Record<string, unknown>;

export class FixtureError extends Error {}

export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new FixtureError(`no ${what}`);
  return value;
}

export const str = (input: Fields, key: string) => {
  const value = input[key];
  if (typeof value !== "string" || !value) throw new FixtureError(`${key}: a string`);
  return value;
};
export const optionalStr = (input: Fields, key: string) =>
  typeof input[key] === "string" ? (input[key] as string) : null;
export const num = (input: Fields, key: string) => {
  const value = input[key];
  if (typeof value !== "number" || !Number.isFinite(value)) throw new FixtureError(`${key}: a number`);
  return value;
};
export const optionalNum = (input: Fields, key: string) =>
  typeof input[key] === "number" ? (input[key] as number) : null;

export async function commissionAccountOfEmail(d1: D1Database, email: string) {
  const row = await d1
    .prepare(
      "SELECT c.id, c.user_account_id, p.id AS profile_id, p.original_handle AS handle FROM commission_accounts c JOIN user_accounts u ON u.id = c.user_account_id JOIN user_profiles p ON p.account_id = u.id WHERE u.email = ?",
    )
    .bind(email.toLowerCase())
    .first<{ id: string; user_account_id: string; profile_id: string; handle: string }>();
  return required(row, `commission account for ${email}`);
}
