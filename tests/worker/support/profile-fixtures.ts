// A user's public face for tests that show people (issue 33): a display name in one or more languages (the first
// given is the original) and an avatar, written as profile settings would leave them.
import { env } from "cloudflare:workers";

export async function setProfileFace(
  userAccountId: string,
  names: Partial<Record<"en" | "ja", string>>,
  avatarUrl: string | null = null,
): Promise<string> {
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(userAccountId)
    .first<{ id: string }>();
  if (!profile) throw new Error(`no profile for ${userAccountId}`);
  await env.DB.batch([
    env.DB.prepare("UPDATE user_profiles SET avatar_url = ? WHERE id = ?").bind(avatarUrl, profile.id),
    ...Object.entries(names).map(([language, text], index) =>
      env.DB.prepare(
        `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'user_profile', ?, 'name', ?, ?, ?)
         ON CONFLICT (entity_type, entity_id, field, language_code) DO UPDATE SET text = excluded.text, is_original = excluded.is_original`,
      ).bind(crypto.randomUUID(), profile.id, language, index === 0 ? 1 : 0, text),
    ),
  ]);
  return profile.id;
}
