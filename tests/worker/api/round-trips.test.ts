import { describe, expect, it } from "vitest";
import { freshIp, freshUser } from "../support/auth-helpers";
import { call, signUp } from "../support/helpers";

/**
 * The header's count, checked as a ceiling: today's figure is the most a request may take, so a refactor that saves
 * a round trip passes and one that adds a round trip fails. At least one, so a header that stops counting fails too.
 */
function expectRoundTripsAtMost(response: Response, most: number) {
  const count = Number(response.headers.get("x-d1-round-trips"));
  expect(count, "x-d1-round-trips").toBeGreaterThanOrEqual(1);
  expect(count, "x-d1-round-trips").toBeLessThanOrEqual(most);
}

describe("X-D1-Round-Trips", () => {
  it("reports at most one round trip for a signed-in session lookup", async () => {
    const user = freshUser();
    const cookie = await signUp(user.handle, user.email);
    const response = await call("/api/auth/session", { cookie });
    expectRoundTripsAtMost(response, 1);
  });

  it("counts a batch as one round trip and each statement on its own", async () => {
    // Sign-up today: handle check, three rate-limit upserts (client, address+client, address), account lookup, the
    // dev mail insert (started before the code row, deferred past the answer), one batch (retire + insert code) = 7.
    // Counting the batch's two statements apart would make it 8.
    const response = await call("/api/auth/email/send", {
      method: "POST",
      json: freshUser(),
      headers: { "cf-connecting-ip": freshIp() },
    });
    expect(response.status).toBe(200);
    expectRoundTripsAtMost(response, 7);
  });
});
