import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "#worker/app";
import { cardEntryFor, cardEntryOrigins } from "#worker/payments/card-entry";
import { PLAYER_FRAME_ORIGINS, PLAYER_ORIGINS } from "#worker/media/domain/embed-players";
import { buildMediaEntry } from "#worker/media/domain/media-entries";
import { embedFor } from "#app/components/media/players/embed-urls";
import { contentSecurityPolicy, pageSecurityHeaders } from "#worker/http/security-headers";
import type { RequestContext } from "#worker/http/context";

// Issue 7, "headers and pages": every HTML page carries a nonce-based CSP and the other browser protections.

const directives = (policy: string) =>
  new Map(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

const options = { nonce: "abc123+/=", isProduction: false, frameOrigins: PLAYER_FRAME_ORIGINS };

describe("the header builder", () => {
  it("allows scripts only by the nonce (and what they load), never inline by default", () => {
    const csp = directives(contentSecurityPolicy(options));
    expect(csp.get("script-src")).toEqual(["'nonce-abc123+/='", "'strict-dynamic'", "'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it("forbids framing, plug-ins, base changes and foreign form targets", () => {
    const csp = directives(contentSecurityPolicy(options));
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
  });

  it("frames exactly the player origins, the ones the players use", () => {
    const frameSrc = directives(contentSecurityPolicy(options)).get("frame-src");
    expect(new Set(frameSrc)).toEqual(new Set(Object.values(PLAYER_ORIGINS)));
    // Each player's iframe address is on that list.
    const links = [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://soundcloud.com/artist/track",
      "https://www.nicovideo.jp/watch/sm9",
      "https://www.tiktok.com/@user/video/7000000000000000000",
      "https://www.mixcloud.com/artist/mix/",
      "https://x.com/user/status/1234567890",
    ];
    const embeds = [
      ...links.map((url) => buildMediaEntry({ url, formatType: "LINK" })),
      buildMediaEntry({
        formatType: "EMBED",
        code: '<iframe src="https://bandcamp.com/EmbeddedPlayer/album=1/size=large/"></iframe>',
      }),
    ].map((media) => embedFor(media!));
    expect(embeds.map((embed) => embed?.site)).toEqual([
      "youtube",
      "soundcloud",
      "niconico",
      "tiktok",
      "mixcloud",
      "x",
      "bandcamp",
    ]);
    for (const embed of embeds) expect(frameSrc).toContain(new URL(embed!.src).origin);
  });

  it("lets the browser reach the upload host it is given, and nothing else but this origin", () => {
    const upload = "https://account.r2.cloudflarestorage.com";
    expect(directives(contentSecurityPolicy({ ...options, connectOrigins: [upload] })).get("connect-src")).toEqual([
      "'self'",
      upload,
    ]);
    expect(directives(contentSecurityPolicy(options)).get("connect-src")).toEqual(["'self'"]);
  });

  it("sends HSTS only in production", () => {
    expect(pageSecurityHeaders(options)).not.toHaveProperty("Strict-Transport-Security");
    expect(pageSecurityHeaders({ ...options, isProduction: true })["Strict-Transport-Security"]).toMatch(
      /^max-age=\d{8,}; includeSubDomains$/,
    );
  });

  it("turns off powerful features, payment included until the payment step", () => {
    const policy = pageSecurityHeaders(options)["Permissions-Policy"];
    for (const feature of ["camera", "microphone", "geolocation", "payment"]) expect(policy).toContain(`${feature}=()`);
    // The players' allow="autoplay; fullscreen…" still works: those are left to their defaults.
    expect(policy).not.toMatch(/autoplay|fullscreen/);
  });
});

describe("an HTML page through the app", () => {
  const page = (nonce: string | undefined) =>
    `<!doctype html><html><head><script nonce="${nonce}">1</script></head><body>page</body></html>`;
  const seen: (string | undefined)[] = [];
  const app = createApp(async (_request, context: RequestContext) => {
    seen.push(context.cspNonce);
    return new Response(page(context.cspNonce), { headers: { "content-type": "text/html; charset=utf-8" } });
  });
  const get = (path: string, appEnv: Env = env) =>
    app.fetch(
      new Request(`http://localhost${path}`, { headers: { cookie: "app-language=en" } }),
      appEnv,
      createExecutionContext(),
    );

  it("carries every header, with the nonce the renderer was given", async () => {
    const response = await get("/somecreator");
    const csp = response.headers.get("content-security-policy");
    expect(csp).toBeTruthy();
    const nonce = seen.at(-1)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(directives(csp!).get("script-src")).toContain(`'nonce-${nonce}'`);
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    // The players, and the card entry's frames: here the local Stripe emulator's 3-D Secure page (decision 057).
    expect(directives(csp!).get("frame-src")).toEqual([
      ...PLAYER_FRAME_ORIGINS,
      ...cardEntryOrigins(cardEntryFor(env)).frame,
    ]);
    expect(cardEntryOrigins(cardEntryFor(env)).frame).toEqual([`http://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}`]);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives each request a fresh nonce", async () => {
    const first = (await get("/")).headers.get("content-security-policy");
    const second = (await get("/")).headers.get("content-security-policy");
    expect(first).not.toBe(second);
    const [a, b] = seen.slice(-2);
    expect(a).not.toBe(b);
  });

  it("adds HSTS and the presigned upload host in production", async () => {
    const response = await get("/", { ...env, APP_ENV: "production", R2_ACCOUNT_ID: "acct" } as Env);
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    expect(directives(response.headers.get("content-security-policy")!).get("connect-src")).toContain(
      "https://acct.r2.cloudflarestorage.com",
    );
  });

  it("puts nosniff and no-framing on API answers, without a page policy", async () => {
    const response = await get("/api/nothing-here");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toBeNull();
  });
});
