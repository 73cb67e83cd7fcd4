import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { commissionOrders, currencies, portfolioWorks, userAccounts } from "#worker/db/schema";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { parseWorkDraft, type WorkDraft } from "#worker/domain/portfolio";
import { createAccount } from "#worker/services/accounts";
import { deleteWork, getWorkForEdit, listWorks, listWorksMadeFor, saveWork } from "#worker/services/portfolio";
import { creditedAccounts, parsedWorkDraft, workDraft } from "../support/draft-fixtures";
import { creatorOf } from "../support/helpers";

// Client works (docs/decisions/008-client-works.md): a creator's work made for a client, who is named and credited.

const db = () => createDb(env.DB);
let serial = 0;
async function newUser() {
  const handle = `Cw${Date.now() % 100000}${serial++}`;
  const accountId = await createAccount(db(), {
    email: `${handle.toLowerCase()}@example.com`,
    handle,
    languageCode: "en",
  });
  return { accountId, handle };
}

const draft = (patch: Partial<WorkDraft> = {}): WorkDraft =>
  workDraft({
    title: "Commissioned cat",
    description: "A cat drawn for a client.",
    medias: [{ url: "https://example.com/cat.png" }],
    ...patch,
  });

async function clientWorkCount(accountId: string) {
  return (await listWorks(db(), accountId, "en", "client")).length;
}

describe("client field of the work payload", () => {
  it("is required on the new client work page and dropped on the other new pages", () => {
    expect(parseWorkDraft(draft({ client: "  " }), "required")).toEqual({
      ok: false,
      errors: { client: "client_works_client_required" },
    });
    expect(parseWorkDraft(draft(), "required")).toEqual({
      ok: false,
      errors: { client: "client_works_client_required" },
    });
    expect(parsedWorkDraft(draft({ client: " @Alice " }), "required").clientHandle).toBe("Alice");
    expect(parsedWorkDraft(draft({ client: "alice" }), "none").clientHandle).toBeNull();
    expect(translateAuthoringErrors({ client: "client_works_client_unknown" }, "en").client).toBe(
      "No user has this handle. Check the client's handle.",
    );
    expect(translateAuthoringErrors({ client: "client_works_client_self" }, "ja").client).toContain("自分自身");
  });
});

describe("client works", () => {
  it("creates a client work that names and credits the client, listed apart from the creator's own works", async () => {
    const creator = await newUser();
    const client = await newUser();
    const other = await newUser();
    const own = await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ title: "My own sketch" }), "none"),
      "en",
      env.MEDIA,
    );
    const made = await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ client: client.handle.toLowerCase(), credits: other.handle }), "required"),
      "en",
      env.MEDIA,
    );
    expect(own).toMatchObject({ ok: true, isClientWork: false });
    expect(made).toMatchObject({ ok: true, isClientWork: true });
    if (!made.ok || !own.ok) return;

    const row = await db()
      .select({ clientAccountId: portfolioWorks.clientAccountId })
      .from(portfolioWorks)
      .where(eq(portfolioWorks.id, made.workId))
      .get();
    expect(row?.clientAccountId).toBe(client.accountId);
    expect(await creditedAccounts(made.workId)).toEqual([client.accountId, other.accountId].sort());

    const clientList = await listWorks(db(), creator.accountId, "en", "client");
    expect(clientList.map((w) => w.id)).toEqual([made.workId]);
    expect(clientList[0].person).toEqual({
      role: "client",
      profile: { name: client.handle, handle: client.handle, avatarUrl: null },
    });
    expect((await listWorks(db(), creator.accountId, "en")).map((w) => w.id)).toEqual([own.workId]);

    // The editor gets the client back in its own field, not among the other credited users.
    const edit = await getWorkForEdit(db(), creator.accountId, made.workId, "en");
    expect(edit).toMatchObject({ client: client.handle, credits: other.handle });
    expect((await getWorkForEdit(db(), creator.accountId, own.workId, "en"))?.client).toBeUndefined();
  });

  it("refuses an unknown client handle or the creator's own, and saves nothing", async () => {
    const creator = await newUser();
    const unknown = await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ client: "nobodyhasthis1" }), "required"),
      "en",
      env.MEDIA,
    );
    expect(unknown).toEqual({ ok: false, reason: "invalid", errors: { client: "client_works_client_unknown" } });
    const self = await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ client: creator.handle }), "required"),
      "en",
      env.MEDIA,
    );
    expect(self).toEqual({ ok: false, reason: "invalid", errors: { client: "client_works_client_self" } });
    expect(await listWorks(db(), creator.accountId, "en", "client")).toEqual([]);
    expect(await listWorks(db(), creator.accountId, "en")).toEqual([]);
  });

  it("keeps a client work a client work when edited; changing the client moves the credit", async () => {
    const creator = await newUser();
    const first = await newUser();
    const second = await newUser();
    const made = await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ client: first.handle }), "required"),
      "en",
      env.MEDIA,
    );
    if (!made.ok) throw new Error("not saved");
    // Emptying the client of a client work is refused.
    expect(
      await saveWork(db(), creator.accountId, made.workId, parsedWorkDraft(draft({ client: "" })), "en", env.MEDIA),
    ).toEqual({ ok: false, reason: "invalid", errors: { client: "client_works_client_required" } });
    expect(
      await saveWork(
        db(),
        creator.accountId,
        made.workId,
        parsedWorkDraft(draft({ client: second.handle })),
        "en",
        env.MEDIA,
      ),
    ).toMatchObject({ ok: true, isClientWork: true });
    expect(await creditedAccounts(made.workId)).toEqual([second.accountId]);
    expect((await listWorks(db(), creator.accountId, "en", "client"))[0].person?.profile?.handle).toBe(second.handle);
  });

  it("is the owner's only: another creator cannot edit or delete it, nor can the client", async () => {
    const creator = await newUser();
    const client = await newUser();
    const stranger = await newUser();
    const made = await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ client: client.handle }), "required"),
      "en",
      env.MEDIA,
    );
    if (!made.ok) throw new Error("not saved");
    for (const intruder of [stranger, client]) {
      expect(await getWorkForEdit(db(), intruder.accountId, made.workId, "en")).toBeNull();
      expect(
        await saveWork(
          db(),
          intruder.accountId,
          made.workId,
          parsedWorkDraft(draft({ title: "Taken over", client: intruder.handle })),
          "en",
          env.MEDIA,
        ),
      ).toEqual({ ok: false, reason: "not_found" });
      expect(await deleteWork(db(), intruder.accountId, made.workId)).toEqual({ ok: false });
    }
    const edit = await getWorkForEdit(db(), creator.accountId, made.workId, "en");
    expect(edit).toMatchObject({ title: "Commissioned cat", client: client.handle });
    expect(await deleteWork(db(), creator.accountId, made.workId)).toEqual({ ok: true });
    expect(await clientWorkCount(creator.accountId)).toBe(0);
  });

  it("shows the client the public works made for them, with the creator", async () => {
    const creator = await newUser();
    const client = await newUser();
    const publicWork = await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ title: "Public one", client: client.handle }), "required"),
      "en",
      env.MEDIA,
    );
    await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ title: "Private one", client: client.handle, visibility: "PRIVATE" }), "required"),
      "en",
      env.MEDIA,
    );
    await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ title: "Not for them" }), "none"),
      "en",
      env.MEDIA,
    );
    if (!publicWork.ok) throw new Error("not saved");
    const mine = await listWorksMadeFor(db(), client.accountId, "en");
    expect(mine.map((w) => w.title)).toEqual(["Public one"]);
    expect(mine[0].person).toEqual({
      role: "creator",
      profile: { name: creator.handle, handle: creator.handle, avatarUrl: null },
    });
    expect(await listWorksMadeFor(db(), creator.accountId, "en")).toEqual([]);
  });

  it("a manually added client work whose client deletes the account becomes an own work (no order to tie it)", async () => {
    const creator = await newUser();
    const client = await newUser();
    const made = await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ client: client.handle }), "required"),
      "en",
      env.MEDIA,
    );
    if (!made.ok) throw new Error("not saved");
    await db().delete(userAccounts).where(eq(userAccounts.id, client.accountId));
    expect(await listWorks(db(), creator.accountId, "en", "client")).toEqual([]);
    expect((await listWorks(db(), creator.accountId, "en")).map((w) => w.id)).toEqual([made.workId]);
  });

  it("an order's work whose client is gone says 'a former client' and saves with an empty client field", async () => {
    const creator = await newUser();
    const client = await newUser();
    const made = await saveWork(
      db(),
      creator.accountId,
      null,
      parsedWorkDraft(draft({ client: client.handle }), "required"),
      "en",
      env.MEDIA,
    );
    if (!made.ok) throw new Error("not saved");
    const [seller, buyer, currency] = await Promise.all([
      creatorOf(creator.accountId).then((c) => c.commissionAccountId),
      creatorOf(client.accountId).then((c) => c.commissionAccountId),
      db().select({ id: currencies.id }).from(currencies).get(),
    ]);
    const orderId = crypto.randomUUID();
    await db()
      .insert(commissionOrders)
      .values({
        id: orderId,
        code: `CW${serial++}${Date.now() % 100000}`,
        sellerId: seller!,
        buyerId: buyer!,
        orderSubmitStatus: "SERVICE_SUBMITTED",
        priceCurrencyId: currency!.id,
        submittedAt: new Date(),
      });
    // The state ON DELETE SET NULL leaves once the client's account is gone.
    await db()
      .update(portfolioWorks)
      .set({ commissionOrderId: orderId, clientAccountId: null })
      .where(eq(portfolioWorks.id, made.workId));
    const list = await listWorks(db(), creator.accountId, "en", "client");
    expect(list.map((w) => [w.id, w.person])).toEqual([[made.workId, { role: "client", profile: null }]]);
    expect((await getWorkForEdit(db(), creator.accountId, made.workId, "en"))?.client).toBe("");
    expect(
      await saveWork(db(), creator.accountId, made.workId, parsedWorkDraft(draft({ client: "" })), "en", env.MEDIA),
    ).toMatchObject({ ok: true, isClientWork: true });
  });
});
