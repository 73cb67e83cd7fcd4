import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { portfolioWorks, userProfiles, visibilitySettings } from "#worker/db/schema";
import type { PublishStatus, VisibilityStatus } from "#worker/db/schema/enums";
import { call, db, signUp } from "./helpers";

/** Shared by the signed-token, upload-limit, media-access and unattached-upload suites. */

export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
]);

let serial = 0;
/** A signed-up member: session cookie, account and profile. `prefix`: four letters, one per suite (unique handles). */
export async function newMember(prefix: string) {
  const handle = `${prefix}${Date.now() % 100000}${serial++}`;
  const cookie = await signUp(handle, `${handle.toLowerCase()}@example.com`);
  const profile = await db()
    .select({ id: userProfiles.id, accountId: userProfiles.accountId })
    .from(userProfiles)
    .where(eq(userProfiles.originalHandle, handle))
    .get();
  return { cookie, handle, profileId: profile!.id, accountId: profile!.accountId };
}

/** A portfolio work of the profile; `visibility` null: no visibility row (PUBLIC). */
export async function newWork(
  profileId: string,
  visibility: VisibilityStatus | null = null,
  workStatus: PublishStatus = "PUBLISHED",
) {
  const id = crypto.randomUUID();
  await db().insert(portfolioWorks).values({ id, profileId, workStatus });
  if (visibility)
    await db()
      .insert(visibilitySettings)
      .values({ id: crypto.randomUUID(), itemType: "portfolio_work", itemId: id, visibilityStatus: visibility });
  return id;
}

/** POST /sign/write as the member. */
export async function signWriteAs(cookie: string, path: string, size: number, contentType = "image/png") {
  const response = await call("/api/google/storage/sign/write", {
    method: "POST",
    cookie,
    json: { path, contentType, size },
  });
  if (response.status !== 200) throw new Error(`sign/write: ${response.status} ${await response.text()}`);
  return response.json<{
    url: string;
    storedUrl: string;
    readUrl: string;
    key: string;
    headers: Record<string, string>;
  }>();
}

/** The path and query of a URL, for `call` (which adds the test origin). */
export const pathOf = (url: string) => {
  const parsed = new URL(url, "http://localhost");
  return `${parsed.pathname}${parsed.search}`;
};

/** PUT bytes to a signed write URL. */
export const putTo = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  call(pathOf(url), { method: "PUT", body, headers });

/** A body of `chunks` chunks that counts how many were pulled (so a test sees how far the server read). */
export function countingBody(chunks: number, chunk: Uint8Array) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= chunks) return controller.close();
        pulled++;
        controller.enqueue(chunk.slice());
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

export async function objectExists(key: string) {
  return (await env.MEDIA.head(key)) !== null;
}
