// A page's batch (worker/db/batch-parts.ts, decision 113): Drizzle queries sent as a part of it come back as Drizzle's
// own `db.batch` gives them (timestamps as dates, counts as numbers, nested fields, a left join's missing side as
// null), beside raw statements in the same round trip.
import { env } from "cloudflare:test";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { drizzlePart, sendParts } from "#worker/db/batch-parts";
import { countRoundTrips } from "#worker/db/round-trips";
import { sessions, userAccountRoles, userAccounts, userProfiles } from "#worker/db/schema";
import { createSession } from "#worker/services/sessions";
import { freshUser } from "../support/auth-helpers";
import { db, signUp } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";

describe("drizzlePart", () => {
  it("reads as Drizzle's own batch, in one round trip with raw statements", async () => {
    const user = freshUser();
    await signUp(user.handle, user.email);
    const { userAccountId } = await commissionAccountByEmail(user.email);
    await createSession(db(), userAccountId);
    const queries = (database: ReturnType<typeof db>) =>
      [
        database
          .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.userAccountId, userAccountId)),
        database
          .select({
            account: { id: userAccounts.id, email: userAccounts.email },
            handle: userProfiles.originalHandle,
            role: userAccountRoles.roleCode,
          })
          .from(userAccounts)
          .innerJoin(userProfiles, eq(userProfiles.accountId, userAccounts.id))
          .leftJoin(
            userAccountRoles,
            and(eq(userAccountRoles.userAccountId, userAccounts.id), eq(userAccountRoles.roleCode, "admin")),
          )
          .where(eq(userAccounts.id, userAccountId)),
        database.select({ sessions: count() }).from(sessions).where(eq(sessions.userAccountId, userAccountId)),
      ] as const;
    const drizzles = await db().batch(queries(db()));

    const counter = { count: 0 };
    const counted = createDb(countRoundTrips(env.DB, counter));
    const [parted, raw] = await sendParts(counted.$client, [
      drizzlePart(queries(counted), (results) => results),
      { statements: [env.DB.prepare("SELECT 1 AS one")], read: ([one]) => one!.results[0] },
    ]);
    expect(parted).toEqual(drizzles);
    expect(parted[0][0]!.createdAt).toBeInstanceOf(Date);
    expect(parted[1][0]).toEqual({
      account: { id: userAccountId, email: user.email },
      handle: user.handle,
      role: null,
    });
    expect(parted[2]).toEqual([{ sessions: 2 }]); // sign-up's and this one
    expect(raw).toEqual({ one: 1 });
    expect(counter.count).toBe(1);
  });
});
