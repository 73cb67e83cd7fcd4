import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import type { Mailer } from "#worker/mail/mailer";
import { sendCode } from "#worker/services/auth";
import { freshIp, freshUser, send, sendForCode, verify } from "../support/auth-helpers";

/** The D1 binding, recording the text of every statement prepared and every batch sent, in order. */
function recordingDb() {
  const log: string[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "prepare") return (query: string) => (log.push(query), target.prepare(query));
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => (
          log.push(`batch of ${statements.length}`), target.batch(statements)
        );
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: createDb(d1), log };
}

const failingMailer: Mailer = { send: async () => Promise.reject(new Error("provider down")) };
const hangingMailer: Mailer = { send: () => new Promise<void>(() => {}) };

async function sendWith(mailer: Mailer, input: { email: string; signupHandle?: string }) {
  const { db, log } = recordingDb();
  const deferred: Promise<unknown>[] = [];
  const sent = sendCode(
    { db, mailer, defer: (work) => void deferred.push(work) },
    { ...input, clientKey: freshIp(), locale: "en" },
  );
  // A mailer that never answers must not hold the answer up.
  const result = await Promise.race([sent, new Promise((resolve) => setTimeout(() => resolve("timed out"), 10_000))]);
  return { result, log, deferred };
}

const codeRows = (email: string) =>
  env.DB.prepare("select signup_handle, consumed_at from auth_codes where email = ?")
    .bind(email)
    .all<{ signup_handle: string | null; consumed_at: number | null }>();

describe("sending a code reveals nothing about the address", () => {
  async function knownAddress() {
    const user = freshUser();
    const ip = freshIp();
    expect((await verify(user.email, await sendForCode(user, ip), ip)).status).toBe(200);
    return user.email;
  }

  it.each([
    ["fails", failingMailer],
    ["never answers", hangingMailer],
  ])(
    "does the same database work for known and unknown addresses, and answers alike when the mailer %s",
    async (_, mailer) => {
      const known = await sendWith(mailer, { email: await knownAddress() });
      const unknownEmail = freshUser().email;
      const unknown = await sendWith(mailer, { email: unknownEmail });

      expect(known.result).toEqual({ status: "sent" });
      expect(unknown.result).toEqual({ status: "sent" });
      expect(known.log).toEqual(unknown.log);
      expect(known.log.filter((q) => /insert into "auth_codes"/i.test(q))).toHaveLength(1);
      // Mail only to the address that can use the code, and only after the answer.
      expect(known.deferred).toHaveLength(1);
      expect(unknown.deferred).toHaveLength(0);
      // The unknown address got a code row too, one that no code verifies.
      expect((await codeRows(unknownEmail)).results).toEqual([{ signup_handle: null, consumed_at: null }]);
    },
  );

  it("logs a failed delivery instead of throwing from the deferred work", async () => {
    const { deferred } = await sendWith(failingMailer, { email: await knownAddress() });
    await expect(deferred[0]).resolves.toBeUndefined();
  });

  it("does the same work for a sign-up whether or not the address has an account", async () => {
    const known = await sendWith(failingMailer, { email: await knownAddress(), signupHandle: freshUser().handle });
    const unknown = await sendWith(failingMailer, { email: freshUser().email, signupHandle: freshUser().handle });
    expect(known.result).toEqual(unknown.result);
    expect(known.log).toEqual(unknown.log);
  });

  it("answers the same over HTTP for known and unknown addresses, and mails only the known one", async () => {
    const knownEmail = await knownAddress();
    const unknownEmail = freshUser().email;
    const known = await send({ email: knownEmail }, freshIp());
    const unknown = await send({ email: unknownEmail }, freshIp());
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
    const ip = freshIp();
    // The unknown address's row never verifies, whatever code is tried.
    expect((await verify(unknownEmail, "000000", ip)).status).toBe(401);
    const mails = await env.DB.prepare("select count(*) as n from dev_mails where `to` = ?")
      .bind(unknownEmail)
      .first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });
});
