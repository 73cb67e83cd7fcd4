// The grant matrix (decision 031) against real D1 rows: every viewer of the cast × PUBLIC/UNLISTED/PRIVATE ×
// PUBLISHED/DRAFT, through the work page's loader, POST /sign/read and /media/. Each cell fails when the rule, the
// grant reader or one of the three readers of the rule stops agreeing with `expectedReaders`.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as workRoute from "#app/routes/work";
import { PUBLISH_STATUSES, VISIBILITY_STATUSES } from "#worker/db/schema/enums";
import { call } from "../support/helpers";
import { PNG, pathOf } from "../support/media-fixtures";
import {
  CAST,
  expectedReaders,
  grantedWork,
  newCast,
  pageContext,
  type Cast,
  type CastName,
} from "../support/visibility-fixtures";

/** The loader's answer as a status: 200 with data, else what it threw (a 404 `data()` or a redirect Response). */
async function pageStatus(cast: Cast | null, name: CastName, handle: string, workId: string): Promise<number> {
  const path = `/${handle}/works/${workId}`;
  const member = cast && name !== "signedOut" ? cast[name] : null;
  try {
    await workRoute.loader({
      params: { handle, workId },
      request: new Request(`http://localhost${path}`),
      context: await pageContext(member, path),
    } as never);
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: ResponseInit }).init?.status ?? 500;
  }
}

const signRead = (cookie: string, url: string) =>
  call("/api/google/storage/sign/read", { method: "POST", cookie, json: { url } });

describe("visibility grants: who reads a work, its page and its files", () => {
  for (const visibility of VISIBILITY_STATUSES) {
    for (const workStatus of PUBLISH_STATUSES) {
      it(`${visibility} × ${workStatus}`, async () => {
        const cast = await newCast("Vgrt");
        const workId = await grantedWork(cast, visibility, workStatus);
        const key = `v1/portfolio-work/${workId}/medias/${crypto.randomUUID()}.png`;
        await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
        const readers = expectedReaders(visibility, workStatus);
        const everyone = readers.size === CAST.length;

        for (const name of CAST) {
          const allowed = readers.has(name);
          expect([name, "page", await pageStatus(cast, name, cast.owner.handle, workId)]).toEqual([
            name,
            "page",
            allowed ? 200 : 404,
          ]);
          // /media/ answers the same to everyone: only a work anyone may open is served there.
          const cookie = name === "signedOut" ? undefined : cast[name].cookie;
          expect([name, "media", (await call(`/media/${key}`, { cookie })).status]).toEqual([
            name,
            "media",
            everyone ? 200 : 404,
          ]);
          if (name === "signedOut") continue;
          const signed = await signRead(cast[name].cookie, `/media/${key}`);
          expect([name, "sign/read", signed.status]).toEqual([name, "sign/read", allowed ? 200 : 403]);
          if (allowed) expect((await call(pathOf((await signed.json<{ url: string }>()).url))).status).toBe(200);
        }
      });
    }
  }

  it("signed out, /sign/read is refused", async () => {
    const cast = await newCast("Vgrt");
    const workId = await grantedWork(cast, "PRIVATE", "PUBLISHED");
    expect(
      (
        await call("/api/google/storage/sign/read", {
          method: "POST",
          json: { url: `/media/v1/portfolio-work/${workId}/medias/x.png` },
        })
      ).status,
    ).toBe(401);
  });
});
