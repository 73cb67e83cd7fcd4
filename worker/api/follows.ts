import { Hono } from "hono";
import * as v from "valibot";
import type { AppContext, AppEnv } from "../http/context";
import { jsonBody, type SchemaRefusal } from "../http/json-body";
import { followError } from "../messages/follows";
import { cometNow } from "../services/clock";
import { followCreator, followStateOf, mayToggleFollow, unfollowCreator } from "../services/follows";

/**
 * /api/follows (issue 66, decision 107). 401 signed out (the control sends a signed-out visitor to sign in first); 400
 * for a body the door cannot read, in the caller's language.
 * - GET /state/:profileId: what the profile's control shows the caller {following, closed, own}; 404 for no creator.
 * - POST /follow {profileId}: the caller follows the creator; following twice is one follow. 404 for no creator (or a
 *   banned one); 409 in words for their own profile.
 * - POST /unfollow {profileId}: the caller stops following; harmless when they did not.
 * Both count against one budget per account (FOLLOW_TOGGLES_PER_WINDOW): past it, 429 in words and nothing changes.
 */
export const followApi = new Hono<AppEnv>();

const profileId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const followBody = v.object({ profileId });

/** The 429 past the follow budget, in the caller's language. */
const tooMany = (c: AppContext) =>
  c.json({ error: "rate_limited", message: followError("follows_error_rate_limited", c.get("request").locale) }, 429);

const refuse: SchemaRefusal<AppEnv> = (c) => {
  const { locale, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  return c.json({ error: "invalid_request", message: followError("follows_error_target", locale) }, 400);
};

followApi.get("/state/:profileId", async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const id = v.safeParse(profileId, c.req.param("profileId"));
  if (!id.success) return c.json({ error: "not_found" }, 404);
  const state = await followStateOf(db.$client, user.accountId, id.output);
  return state ? c.json({ data: state }) : c.json({ error: "not_found" }, 404);
});

followApi.post("/follow", jsonBody(followBody, { refuse }), async (c) => {
  const { db, env, user, locale } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  if (!(await mayToggleFollow(db, user.accountId))) return tooMany(c);
  const result = await followCreator(db.$client, {
    followerUserAccountId: user.accountId,
    creatorProfileId: c.req.valid("json").profileId,
    now: await cometNow(env),
  });
  if (result.ok) return c.json({ data: { following: true } });
  if (result.reason === "self")
    return c.json({ error: "self", message: followError("follows_error_self", locale) }, 409);
  return c.json({ error: "not_found" }, 404);
});

followApi.post("/unfollow", jsonBody(followBody, { refuse }), async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  if (!(await mayToggleFollow(db, user.accountId))) return tooMany(c);
  await unfollowCreator(db.$client, {
    followerUserAccountId: user.accountId,
    creatorProfileId: c.req.valid("json").profileId,
  });
  return c.json({ data: { following: false } });
});
