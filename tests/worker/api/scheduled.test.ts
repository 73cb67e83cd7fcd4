import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RATE_LIMIT_RETENTION_MS, SESSION_IDLE_TTL_MS } from "#worker/domain/sign-in-rules";
import { scheduled } from "#worker/scheduled";
import { createAccount } from "#worker/services/accounts";
import { UNATTACHED_UPLOAD_TTL_MS } from "#worker/media/services/storage";
import { db } from "../support/helpers";
import { WHOLE_CRON_TIMEOUT } from "../support/whole-cron";

/**
 * The Cron Trigger as a whole: the Worker's `scheduled` handler (worker/scheduled.ts), run the way the runtime
 * runs it (a controller and an execution context whose waitUntil work is awaited). One expired and one live row
 * for every prune rule, then a second run that must change nothing more. The rows are this test's own (fresh ids).
 */
const DAY = 24 * 60 * 60 * 1000;
const id = () => crypto.randomUUID();

async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  scheduled(createScheduledController({ scheduledTime, cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function seedOneOfEach(now: number) {
  const u = id().slice(0, 8);
  const accountId = await createAccount(db(), {
    email: `cron${u}@example.com`,
    handle: `cron${u}`,
    languageCode: "en",
  });
  const rows = {
    sessions: { live: id(), idle: id(), pastEnd: id() },
    codes: { live: id(), expired: id() },
    windows: { live: `cron:${u}:live`, old: `cron:${u}:old` },
    uploads: { fresh: `v1/test/cron-${u}/fresh.png`, stale: `v1/test/cron-${u}/stale.png` },
    tokens: { live: id(), expired: id() },
  };
  const session = (idHash: string, createdAt: number, lastSeenAt: number | null, expiresAt: number) =>
    env.DB.prepare(
      "insert into sessions (id_hash, user_account_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)",
    ).bind(idHash, accountId, createdAt, lastSeenAt, expiresAt);
  const code = (codeId: string, expiresAt: number) =>
    env.DB.prepare("insert into auth_codes (id, email, code_hash, expires_at) values (?, ?, 'x', ?)").bind(
      codeId,
      `cron${u}@example.com`,
      expiresAt,
    );
  const upload = (key: string, createdAt: number) =>
    env.DB.prepare("insert into pending_uploads (key, owner_profile_id, created_at) values (?, 'p', ?)").bind(
      key,
      createdAt,
    );
  await env.DB.batch([
    session(rows.sessions.live, now - DAY, now - 60_000, now + 59 * DAY),
    // Idle: no request for the idle timeout, though its absolute end is weeks away.
    session(rows.sessions.idle, now - SESSION_IDLE_TTL_MS - DAY, null, now + 30 * DAY),
    // Past its absolute end, though used a minute ago.
    session(rows.sessions.pastEnd, now - 61 * DAY, now - 60_000, now - DAY),
    code(rows.codes.live, now + 60_000),
    code(rows.codes.expired, now - 60_000),
    env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 1)").bind(
      rows.windows.live,
      now - 60_000,
    ),
    env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 1)").bind(
      rows.windows.old,
      now - RATE_LIMIT_RETENTION_MS - 60_000,
    ),
    upload(rows.uploads.fresh, now - 60_000),
    upload(rows.uploads.stale, now - UNATTACHED_UPLOAD_TTL_MS - 60_000),
    env.DB.prepare("insert into signed_token_uses (jti, expires_at) values (?, ?)").bind(
      rows.tokens.live,
      now + 60_000,
    ),
    env.DB.prepare("insert into signed_token_uses (jti, expires_at) values (?, ?)").bind(
      rows.tokens.expired,
      now - 60_000,
    ),
  ]);
  await env.MEDIA.put(rows.uploads.fresh, "fresh");
  await env.MEDIA.put(rows.uploads.stale, "stale");
  return rows;
}

const exists = async (table: string, column: string, value: string) =>
  (await env.DB.prepare(`select 1 as one from ${table} where ${column} = ?`).bind(value).first()) !== null;

async function survivors(rows: Awaited<ReturnType<typeof seedOneOfEach>>) {
  return {
    sessions: {
      live: await exists("sessions", "id_hash", rows.sessions.live),
      idle: await exists("sessions", "id_hash", rows.sessions.idle),
      pastEnd: await exists("sessions", "id_hash", rows.sessions.pastEnd),
    },
    codes: {
      live: await exists("auth_codes", "id", rows.codes.live),
      expired: await exists("auth_codes", "id", rows.codes.expired),
    },
    windows: {
      live: await exists("rate_limits", "key", rows.windows.live),
      old: await exists("rate_limits", "key", rows.windows.old),
    },
    uploads: {
      fresh: await exists("pending_uploads", "key", rows.uploads.fresh),
      stale: await exists("pending_uploads", "key", rows.uploads.stale),
    },
    objects: {
      fresh: (await env.MEDIA.head(rows.uploads.fresh)) !== null,
      stale: (await env.MEDIA.head(rows.uploads.stale)) !== null,
    },
    tokens: {
      live: await exists("signed_token_uses", "jti", rows.tokens.live),
      expired: await exists("signed_token_uses", "jti", rows.tokens.expired),
    },
  };
}

const AFTER_ONE_RUN = {
  sessions: { live: true, idle: false, pastEnd: false },
  codes: { live: true, expired: false },
  windows: { live: true, old: false },
  uploads: { fresh: true, stale: false },
  objects: { fresh: true, stale: false },
  tokens: { live: true, expired: false },
};

describe("the cron job (scheduled handler)", { timeout: WHOLE_CRON_TIMEOUT }, () => {
  it("prunes ended sessions, expired codes, old rate-limit windows, unattached uploads with their objects and spent tokens, and keeps live ones", async () => {
    const now = Date.now();
    const rows = await seedOneOfEach(now);
    await runCron(now);
    expect(await survivors(rows)).toEqual(AFTER_ONE_RUN);
  });

  it("is idempotent: a second run at the same time changes nothing more", async () => {
    const now = Date.now();
    const rows = await seedOneOfEach(now);
    await runCron(now);
    await runCron(now);
    expect(await survivors(rows)).toEqual(AFTER_ONE_RUN);
  });

  it("runs late without harm: what was live at the first run ends once its time has passed", async () => {
    const now = Date.now();
    const rows = await seedOneOfEach(now);
    await runCron(now);
    await runCron(now + 60 * DAY);
    const later = await survivors(rows);
    expect(later.sessions.live).toBe(false);
    expect(later.codes.live).toBe(false);
    expect(later.windows.live).toBe(false);
    expect(later.uploads.fresh).toBe(false);
    expect(later.objects.fresh).toBe(false);
    expect(later.tokens.live).toBe(false);
  });
});
