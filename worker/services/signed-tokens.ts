import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { signedTokenUses } from "../db/schema";

/**
 * Every signed token of the app (signed media writes and reads): a JWT, HS256 with
 * MEDIA_SIGNING_SECRET, carrying its kind as the audience, an expiry, an id (jti) and its exact scope as claims.
 * One kind's token never passes as another's. Single-use kinds are spent with `spendToken` when used.
 */

/** The scope each kind binds, beyond iss / aud / iat / exp / jti. */
export interface TokenScopes {
  /** A local signed PUT: exactly this key, size and type, for the owner profile `sub`. Single use. */
  "media-write": { key: string; size: number; type: string; sub: string };
  /**
   * A signed GET of one object, for the reader `sub` (a profile id) or, without one, for whichever allowed reader
   * opens it with their session. Replayable until it expires; access is asked again on every use (decisions 011, 059).
   * `name`: the name the file is saved under (the media row's, issue 60), signed so the link's holder cannot change it.
   */
  "media-read": { key: string; sub?: string; name?: string };
}
export type TokenKind = keyof TokenScopes;
export type VerifiedToken<K extends TokenKind> = TokenScopes[K] & { jti: string; expiresAt: number };

const ISSUER = "comet";
const AUDIENCE: Record<TokenKind, string> = { "media-write": "comet:media-write", "media-read": "comet:media-read" };

const isString = (value: unknown): value is string => typeof value === "string" && value !== "";
/** Reads a verified payload's scope back, refusing any token whose claims have the wrong shape. */
const SCOPE_OF: { [K in TokenKind]: (p: JWTPayload) => TokenScopes[K] | null } = {
  "media-write": (p) =>
    isString(p.key) && Number.isSafeInteger(p.size) && isString(p.type) && isString(p.sub)
      ? { key: p.key, size: p.size as number, type: p.type, sub: p.sub }
      : null,
  "media-read": (p) =>
    isString(p.key) && (p.sub === undefined || isString(p.sub)) && (p.name === undefined || isString(p.name))
      ? { key: p.key, ...(isString(p.sub) ? { sub: p.sub } : {}), ...(isString(p.name) ? { name: p.name } : {}) }
      : null,
};

/** Thrown when no usable secret is configured: signing and verifying refuse, there is no fallback key. */
export class SigningSecretMissingError extends Error {
  constructor() {
    super("MEDIA_SIGNING_SECRET is not configured");
    this.name = "SigningSecretMissingError";
  }
}

/** HS256 wants a key of at least 256 bits. */
const MIN_SECRET_LENGTH = 32;
/** The fixed development key older versions used: it is in the repository history, so it is never accepted. */
const RETIRED_SECRETS = new Set(["comet-local-media-signing-secret"]);

function signingKey(env: Env): Uint8Array {
  const secret = (env as unknown as Record<string, unknown>).MEDIA_SIGNING_SECRET;
  if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH || RETIRED_SECRETS.has(secret)) {
    console.error(
      "MEDIA_SIGNING_SECRET is missing, shorter than 32 characters or the retired development key: signed URLs are refused. " +
        "Production: `wrangler secret put MEDIA_SIGNING_SECRET --env production`; locally `npm run dev` (or `npm install`) writes one to .dev.vars.",
    );
    throw new SigningSecretMissingError();
  }
  return new TextEncoder().encode(secret);
}

/** A token of this kind for this scope, valid `ttlMs` from `now` (exp has a one-second resolution). */
export async function issueToken<K extends TokenKind>(
  env: Env,
  kind: K,
  scope: TokenScopes[K],
  ttlMs: number,
  now = Date.now(),
): Promise<{ token: string; jti: string; expiresAt: number }> {
  const key = signingKey(env);
  const jti = crypto.randomUUID();
  const exp = Math.floor((now + ttlMs) / 1000);
  const token = await new SignJWT({ ...scope })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE[kind])
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(key);
  return { token, jti, expiresAt: exp * 1000 };
}

/** The scope of a token of this kind signed with our key and not expired at `now`; null for anything else. */
export async function verifyToken<K extends TokenKind>(
  env: Env,
  kind: K,
  token: string,
  now = Date.now(),
): Promise<VerifiedToken<K> | null> {
  const key = signingKey(env);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE[kind],
      currentDate: new Date(now),
      requiredClaims: ["exp", "iat", "jti"],
    }));
  } catch {
    return null;
  }
  const scope = SCOPE_OF[kind](payload);
  if (!scope || !isString(payload.jti)) return null;
  return { ...scope, jti: payload.jti, expiresAt: payload.exp! * 1000 } as VerifiedToken<K>;
}

/** Was this single-use token already spent? A cheap early look; `spendToken` is what decides. */
export async function isTokenSpent(db: Database, jti: string): Promise<boolean> {
  return (
    (await db.select({ jti: signedTokenUses.jti }).from(signedTokenUses).where(eq(signedTokenUses.jti, jti)).get()) !==
    undefined
  );
}

/**
 * Spends a single-use token: one conditional insert of its jti, so of two concurrent uses only one gets `true`.
 * The row is kept until the token would have expired anyway (`pruneSpentTokens`).
 */
export async function spendToken(db: Database, token: { jti: string; expiresAt: number }): Promise<boolean> {
  const rows = await db
    .insert(signedTokenUses)
    .values({ jti: token.jti, expiresAt: new Date(token.expiresAt) })
    .onConflictDoNothing()
    .returning({ jti: signedTokenUses.jti });
  return rows.length === 1;
}

/** Cron: forget spent ids of tokens that have expired (an expired token is refused anyway). */
export async function pruneSpentTokens(db: Database, now: number): Promise<void> {
  await db.delete(signedTokenUses).where(lt(signedTokenUses.expiresAt, new Date(now)));
}
