// Issue 75, finding 6: follow and unfollow are limited like every other write door. One account's presses, both doors
// together, pass up to FOLLOW_TOGGLES_PER_WINDOW in the window (a person following creators never meets it); past it
// each door answers 429 with the words in the caller's language and changes nothing. Another account is not held by
// the first one's budget.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { m } from "#app/paraglide/messages.js";
import { FOLLOW_TOGGLES_PER_WINDOW } from "#worker/services/follows";
import { seedCreator } from "../support/catalog-fixtures";
import { call } from "../support/helpers";
import { newMember } from "../support/media-fixtures";

const post = (door: "follow" | "unfollow", cookie: string, profileId: string) =>
  call(`/api/follows/${door}`, { method: "POST", cookie, json: { profileId }, headers: { "accept-language": "ko" } });

const creator = () => seedCreator({ handle: `frl${crypto.randomUUID().slice(0, 8)}`, name: { en: "Toggled" } });

const follows = async (followerAccountId: string, creatorAccountId: string) =>
  (
    await env.DB.prepare(
      "SELECT count(*) AS n FROM follows WHERE follower_user_account_id = ? AND creator_user_account_id = ?",
    )
      .bind(followerAccountId, creatorAccountId)
      .first<{ n: number }>()
  )?.n;

describe("follow and unfollow are rate-limited", () => {
  it("every press within the budget passes; past it both doors answer 429 in words and change nothing", async () => {
    const [a, b] = await Promise.all([creator(), creator()]);
    const fan = await newMember("frlf");
    // A toggler: follow, unfollow, follow, … each answered as ever, up to the budget.
    for (let press = 0; press < FOLLOW_TOGGLES_PER_WINDOW; press++) {
      const door = press % 2 === 0 ? "follow" : "unfollow";
      const response = await post(door, fan.cookie, a.profileId);
      expect(response.status, `press ${press + 1}`).toBe(200);
    }
    // An even budget ends unfollowed; b was never followed.
    expect(await follows(fan.accountId, a.accountId)).toBe(0);
    const words = { error: "rate_limited", message: m.follows_error_rate_limited({}, { locale: "ko" }) };
    for (const door of ["follow", "unfollow"] as const)
      for (const target of [a, b]) {
        const response = await post(door, fan.cookie, target.profileId);
        expect(response.status).toBe(429);
        expect(await response.json()).toEqual(words);
      }
    expect(await follows(fan.accountId, a.accountId)).toBe(0);
    expect(await follows(fan.accountId, b.accountId)).toBe(0);
    // Someone else's presses are their own.
    const other = await newMember("frlo");
    expect((await post("follow", other.cookie, b.profileId)).status).toBe(200);
    expect(await follows(other.accountId, b.accountId)).toBe(1);
  });

  it("holds a person following many creators in one sitting well under the budget", () => {
    // Each press is made on a creator's profile: a sitting of 40 follows, a few changed minds, stays far below.
    expect(FOLLOW_TOGGLES_PER_WINDOW).toBeGreaterThanOrEqual(60);
    // The probe's 150 toggles in 13 s would not all pass.
    expect(FOLLOW_TOGGLES_PER_WINDOW).toBeLessThan(150);
  });
});
