// Decision 060: a work saved without media is a DRAFT, whatever its visibility says: not on its creator's profile,
// not open to others by its address; its owner still opens it, told it is a draft. Its first media publishes it, and
// taking every media away makes it a draft again. An owner opening their private work is told it is private.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as workRoute from "#app/routes/work";
import { portfolioWorks } from "#worker/db/schema";
import type { Locale } from "#worker/domain/locales";
import type { WorkDraft } from "#worker/domain/portfolio";
import { getCreatorProfile } from "#worker/services/catalog";
import { saveWork } from "#worker/services/portfolio";
import { parsedWorkDraft, workDraft } from "../support/draft-fixtures";
import { db } from "../support/helpers";
import { newMember } from "../support/media-fixtures";
import { pageContext, type Member } from "../support/visibility-fixtures";

const draft = (patch: Partial<WorkDraft> = {}): WorkDraft =>
  workDraft({ title: "Empty harbour", description: "Nothing to show yet.", ...patch });
const link = { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" };

async function save(owner: Member, workId: string | null, patch: Partial<WorkDraft>) {
  const result = await saveWork(db(), owner.accountId, workId, parsedWorkDraft(draft(patch)), "en", env.MEDIA);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.workId;
}

const statusOf = async (workId: string) =>
  (
    await db()
      .select({ status: portfolioWorks.workStatus })
      .from(portfolioWorks)
      .where(eq(portfolioWorks.id, workId))
      .get()
  )?.status;

async function profileWorkIds(handle: string) {
  const profile = await getCreatorProfile(db(), handle, { locale: "en", accountId: null, displayCurrencyId: null });
  return (profile?.works ?? []).map((work) => work.id);
}

/** The work page's loader as `member` sees it: its data, or the status it answered with. */
async function openWorkPage(member: Member | null, owner: Member, workId: string, locale: Locale = "en") {
  const path = `/${owner.handle}/works/${workId}`;
  try {
    return await workRoute.loader({
      params: { handle: owner.handle, workId },
      request: new Request(`http://localhost${path}`),
      context: await pageContext(member, path, locale),
    } as never);
  } catch (thrown) {
    return { status: (thrown as { init?: { status?: number } }).init?.status ?? "thrown" };
  }
}

describe("a work without media", () => {
  it("is a draft only its owner sees, until its first media publishes it", async () => {
    const owner = await newMember("Empt");
    const stranger = await newMember("Empt");
    const workId = await save(owner, null, {});

    expect(await statusOf(workId)).toBe("DRAFT");
    expect(await profileWorkIds(owner.handle)).not.toContain(workId);
    expect(await openWorkPage(stranger, owner, workId)).toEqual({ status: 404 });
    expect(await openWorkPage(null, owner, workId)).toEqual({ status: 404 });
    const ownView = await openWorkPage(owner, owner, workId);
    expect(ownView).toMatchObject({ restricted: { badge: "Draft" } });

    await save(owner, workId, { medias: [link] });
    expect(await statusOf(workId)).toBe("PUBLISHED");
    expect(await profileWorkIds(owner.handle)).toContain(workId);
    expect(await openWorkPage(stranger, owner, workId)).toMatchObject({ work: { id: workId }, restricted: null });

    // Every media taken away: a draft again, gone from the profile.
    await save(owner, workId, { medias: [] });
    expect(await statusOf(workId)).toBe("DRAFT");
    expect(await profileWorkIds(owner.handle)).not.toContain(workId);
    expect(await openWorkPage(stranger, owner, workId)).toEqual({ status: 404 });
  });

  it("a private work tells its owner it is private, in their language; others get nothing", async () => {
    const owner = await newMember("Empt");
    const stranger = await newMember("Empt");
    const workId = await save(owner, null, { medias: [link], visibility: "PRIVATE" });

    expect(await openWorkPage(owner, owner, workId)).toMatchObject({
      restricted: { badge: "Private", text: "Only you and the people given access can see this work." },
    });
    expect(await openWorkPage(owner, owner, workId, "ja")).toMatchObject({ restricted: { badge: "非公開" } });
    expect(await openWorkPage(stranger, owner, workId)).toEqual({ status: 404 });
  });
});
