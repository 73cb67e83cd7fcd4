import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { portfolioWorks } from "#worker/db/schema";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import type { WorkDraft } from "#worker/domain/portfolio";
import { createAccount } from "#worker/services/accounts";
import { getWorkForEdit, listWorks, listWorksMadeFor, removeMeFromWork, saveWork } from "#worker/services/portfolio";
import { creditedAccounts, parsedWorkDraft, workDraft } from "../support/draft-fixtures";

// A client named on a work they do not want can remove themselves from it (docs/decisions/012): the work leaves
// their "Made for you", their credit goes, the creator's list says so, and the creator cannot name them again.

const db = () => createDb(env.DB);
const run = Math.random().toString(36).slice(2, 7);
let serial = 0;
async function newUser() {
  const handle = `Cr${run}${serial++}`;
  const accountId = await createAccount(db(), {
    email: `${handle.toLowerCase()}@example.com`,
    handle,
    languageCode: "en",
  });
  return { accountId, handle };
}

// A media: a work without any is a draft nobody else sees (decision 060).
const draft = (patch: Partial<WorkDraft> = {}): WorkDraft =>
  workDraft({
    title: "Unwanted tribute",
    description: "A work naming someone who did not ask for it.",
    medias: [{ url: "https://example.com/tribute.png" }],
    ...patch,
  });

async function removedAt(workId: string) {
  return (
    (
      await db()
        .select({ at: portfolioWorks.clientRemovedAt })
        .from(portfolioWorks)
        .where(eq(portfolioWorks.id, workId))
        .get()
    )?.at ?? null
  );
}

/** A creator's public client work for `client`, also crediting `friend`. */
async function workFor(client: { handle: string }, friend?: { handle: string }) {
  const creator = await newUser();
  const made = await saveWork(
    db(),
    creator.accountId,
    null,
    parsedWorkDraft(draft({ client: client.handle, credits: friend?.handle ?? "" }), "required"),
    "en",
    env.MEDIA,
  );
  if (!made.ok) throw new Error("not saved");
  return { creator, workId: made.workId };
}

describe("a client removing themselves from a work", () => {
  it("takes it off their Made for you, drops their credit only, and the creator's list says they removed themselves", async () => {
    const client = await newUser();
    const friend = await newUser();
    const { creator, workId } = await workFor(client, friend);
    expect((await listWorksMadeFor(db(), client.accountId, "en")).map((w) => w.id)).toEqual([workId]);

    expect(await removeMeFromWork(db(), client.accountId, workId)).toEqual({ ok: true });
    expect(await listWorksMadeFor(db(), client.accountId, "en")).toEqual([]);
    expect(await removedAt(workId)).toBeInstanceOf(Date);
    expect(await creditedAccounts(workId)).toEqual([friend.accountId]);

    const list = await listWorks(db(), creator.accountId, "en", "client");
    expect(list.map((w) => w.id)).toEqual([workId]);
    expect(list[0].person).toEqual({
      role: "client",
      profile: { name: client.handle, handle: client.handle, avatarUrl: null },
      removed: true,
    });
    // Asking again (a double submit) changes nothing and is not an error.
    const first = await removedAt(workId);
    expect(await removeMeFromWork(db(), client.accountId, workId)).toEqual({ ok: true });
    expect(await removedAt(workId)).toEqual(first);
  });

  it("is the named client's only: the creator, a stranger or a credited user get not found, and nothing changes", async () => {
    const client = await newUser();
    const friend = await newUser();
    const stranger = await newUser();
    const { creator, workId } = await workFor(client, friend);
    for (const caller of [creator, stranger, friend])
      expect(await removeMeFromWork(db(), caller.accountId, workId)).toEqual({ ok: false });
    expect(await removeMeFromWork(db(), client.accountId, "no-such-work")).toEqual({ ok: false });
    expect(await removedAt(workId)).toBeNull();
    expect(await creditedAccounts(workId)).toEqual([client.accountId, friend.accountId].sort());
    expect((await listWorksMadeFor(db(), client.accountId, "en")).map((w) => w.id)).toEqual([workId]);
    expect((await listWorks(db(), creator.accountId, "en", "client"))[0].person).not.toHaveProperty("removed");
  });

  it("the creator cannot name the same client again; editing with the field empty keeps them removed; another client starts over", async () => {
    const client = await newUser();
    const next = await newUser();
    const { creator, workId } = await workFor(client);
    await removeMeFromWork(db(), client.accountId, workId);

    // The editor no longer fills in the client who left.
    expect(await getWorkForEdit(db(), creator.accountId, workId, "en")).toMatchObject({ client: "" });
    // Naming them again, in the client field or among the credited users, is refused with a clear message.
    const again = await saveWork(
      db(),
      creator.accountId,
      workId,
      parsedWorkDraft(draft({ client: `@${client.handle.toLowerCase()}` })),
      "en",
      env.MEDIA,
    );
    expect(again).toEqual({ ok: false, reason: "invalid", errors: { client: "client_works_client_removed" } });
    expect(translateAuthoringErrors({ client: "client_works_client_removed" }, "en").client).toMatch(
      /removed themselves/,
    );
    expect(translateAuthoringErrors({ client: "client_works_client_removed" }, "ja").client).toContain("外し");
    const credited = await saveWork(
      db(),
      creator.accountId,
      workId,
      parsedWorkDraft(draft({ client: "", credits: client.handle })),
      "en",
      env.MEDIA,
    );
    expect(credited).toEqual({ ok: false, reason: "invalid", errors: { credits: "client_works_credit_removed" } });

    // Saving other changes with the field left empty keeps the work as it is: still removed, not credited, not listed.
    expect(
      await saveWork(
        db(),
        creator.accountId,
        workId,
        parsedWorkDraft(draft({ client: "", title: "Retitled tribute" })),
        "en",
        env.MEDIA,
      ),
    ).toMatchObject({ ok: true, isClientWork: true });
    expect(await removedAt(workId)).toBeInstanceOf(Date);
    expect(await creditedAccounts(workId)).toEqual([]);
    expect(await listWorksMadeFor(db(), client.accountId, "en")).toEqual([]);
    expect((await listWorks(db(), creator.accountId, "en", "client"))[0]).toMatchObject({
      title: "Retitled tribute",
      person: { removed: true },
    });

    // A different client: the removal was the old client's, so it resets and the new client is credited.
    expect(
      await saveWork(db(), creator.accountId, workId, parsedWorkDraft(draft({ client: next.handle })), "en", env.MEDIA),
    ).toMatchObject({ ok: true, isClientWork: true });
    expect(await removedAt(workId)).toBeNull();
    expect(await creditedAccounts(workId)).toEqual([next.accountId]);
    expect((await listWorksMadeFor(db(), next.accountId, "en")).map((w) => w.id)).toEqual([workId]);
    expect(await listWorksMadeFor(db(), client.accountId, "en")).toEqual([]);
  });
});
