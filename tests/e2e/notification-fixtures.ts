import { expect, type APIRequestContext } from "@playwright/test";
import { readLatestCode } from "./fixtures";
import { devFixture, insertOrder as insertAnyOrder } from "./order-fixtures";

// Orders for the notification specs, until request submission can make them in the browser: made by the server under
// test through its test-only fixtures route (order-fixtures.ts). The order's notices then come from real transitions.

/** Signs up a new user in an API context of its own (its own cookies), as the sign-up modal does. */
export async function signUpInContext(request: APIRequestContext, user: { handle: string; email: string }) {
  const send = await request.post("/api/auth/email/send", { data: user });
  expect(send.status(), `send sign-up code: ${await send.text()}`).toBe(200);
  const token = await readLatestCode(request, user.email);
  const verify = await request.get("/api/auth/callback/email", {
    params: { email: user.email, token },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(verify.status(), `verify sign-up code: ${await verify.text()}`).toBe(200);
}

/** A DRAFT service order at ¥10,000 between two users, found by e-mail. */
export function insertOrder(sellerEmail: string, buyerEmail: string): Promise<{ id: string; code: string }> {
  return insertAnyOrder({ sellerEmail, buyerEmail, priceAmount: 10_000, title: `Notices ${Date.now().toString(36)}` });
}

/**
 * Gives a user (found by e-mail) a display name in each language given (the first the original) and an avatar, as
 * profile settings would leave them (issue 33: notices show who they are from).
 */
export function setProfileFace(
  email: string,
  names: Partial<Record<"en" | "ja", string>>,
  avatarUrl: string | null,
): Promise<unknown> {
  return devFixture("profileFace", { email, names, avatarUrl });
}
