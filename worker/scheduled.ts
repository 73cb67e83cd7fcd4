import { lt } from "drizzle-orm";
import { createDb } from "./db/client";
import { authCodes, sessions } from "./db/schema";
import { pruneSpentTokens } from "./services/signed-tokens";
import { deleteUnattachedUploads } from "./services/storage";

/**
 * The Cron Trigger's work. Idempotent: running it twice, or late, is harmless.
 * Today it prunes expired sessions and codes; order reminders join it with the order issue.
 */
export async function runScheduledJobs(env: Env, scheduledTime: number): Promise<void> {
  const db = createDb(env.DB);
  const now = new Date(scheduledTime);
  await db.batch([db.delete(sessions).where(lt(sessions.expiresAt, now)), db.delete(authCodes).where(lt(authCodes.expiresAt, now))]);
  // Uploads no record attached within a day, and ids of spent single-use tokens that have expired anyway.
  await deleteUnattachedUploads(db, env.MEDIA, scheduledTime);
  await pruneSpentTokens(db, scheduledTime);
}
