import { describe, expect, it } from "vitest";
import { freshIp, freshUser } from "./auth-helpers";
import { call, signUp } from "./helpers";

describe("X-D1-Round-Trips", () => {
  it("reports one round trip for a signed-in session lookup", async () => {
    const user = freshUser();
    const cookie = await signUp(user.handle, user.email);
    const response = await call("/api/auth/session", { cookie });
    expect(response.headers.get("x-d1-round-trips")).toBe("1");
  });

  it("counts a batch as one round trip and each statement on its own", async () => {
    // Sign-up: handle check, three rate-limit upserts (client, address+client, address), account lookup, the dev
    // mail insert (started before the code row, deferred past the answer), one batch (retire + insert code).
    const response = await call("/api/auth/email/send", { method: "POST", json: freshUser(), headers: { "cf-connecting-ip": freshIp() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-d1-round-trips")).toBe("7");
  });
});
