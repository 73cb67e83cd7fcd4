import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";

describe("X-D1-Round-Trips", () => {
  it("reports one round trip for a signed-in session lookup", async () => {
    const cookie = await signUp("rtrip001", "rtrip@example.com");
    const response = await call("/api/auth/session", { cookie });
    expect(response.headers.get("x-d1-round-trips")).toBe("1");
  });

  it("counts a batch as one round trip and each statement on its own", async () => {
    // Sign-up: handle check, three rate-limit upserts (client, address+client, address), account lookup, the dev
    // mail insert (started before the code row, deferred past the answer), one batch (retire + insert code).
    const response = await call("/api/auth/email/send", { method: "POST", json: { handle: "rtrip002", email: "rtrip2@example.com" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-d1-round-trips")).toBe("7");
  });
});
