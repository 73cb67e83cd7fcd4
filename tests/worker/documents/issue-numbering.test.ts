// Issuing a document once, numbered (decision 102; worker/documents/services/issue-document.ts): an issuer's numbers
// are gapless and never shared under racing issues, the same source issued at once is one document and one number,
// the printed number is the series' (document-numbers.ts), and a correction is a new document that names the old one
// and leaves it as it was.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DocumentDraft } from "#worker/documents/domain/document-draft";
import { creatorIssuerKey, displayNumber } from "#worker/documents/domain/document-numbers";
import { receiptDraft } from "#worker/documents/domain/issue-documents";
import { correctDocument, issueDocument } from "#worker/documents/services/issue-document";
import { newParty } from "../support/order-states";

/** A receipt draft from a fresh creator (their own series) to `clientId`, about the made-up charge `source`. */
function draftFor(creatorId: string, clientId: string, source: string, amount = 11_000): DocumentDraft {
  return receiptDraft({
    transactionId: source,
    amount,
    currency: "JPY",
    paidAt: Date.now(),
    part: { kind: "whole" },
    order: {
      id: "",
      code: "NUMBERS1",
      title: "Badge",
      licence: null,
      priceAmount: amount,
      priceLines: null,
      choiceTitles: {},
    },
    creator: { userAccountId: creatorId, displayName: "Numbers", handle: "numbers", registration: null },
    client: { userAccountId: clientId, displayName: null, handle: "client", registration: null },
  });
}

/** The draft without an order row behind it (the column is a reference). */
const orderless = (draft: DocumentDraft): DocumentDraft => ({ ...draft, orderId: null });

const counterOf = async (issuerKey: string) =>
  (
    await env.DB.prepare("SELECT last_number FROM document_counters WHERE issuer_key = ?")
      .bind(issuerKey)
      .first<{ last_number: number }>()
  )?.last_number ?? null;

const rowOf = (id: string) => env.DB.prepare("SELECT * FROM issued_documents WHERE id = ?").bind(id).first();

describe("issuing a document", () => {
  it("20 racing issues of distinct sources for one issuer take the numbers 1 to 20, each once", async () => {
    const [creator, client] = await Promise.all([newParty(), newParty()]);
    const issuerKey = creatorIssuerKey(creator.userAccountId);
    const sources = Array.from({ length: 20 }, () => crypto.randomUUID());
    const issued = await Promise.all(
      sources.map((source) =>
        issueDocument(env.DB, orderless(draftFor(creator.userAccountId, client.userAccountId, source)), Date.now()),
      ),
    );
    expect(issued.map((d) => d.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(issued.map((d) => d.sourceKey)).size).toBe(20);
    for (const document of issued) {
      expect(document.issuerKey).toBe(issuerKey);
      expect(document.body.displayNumber).toBe(displayNumber(issuerKey, document.number));
      expect(document.body.issuedAt).toBe(document.issuedAt);
    }
    expect(await counterOf(issuerKey)).toBe(20);
  });

  it("the same source issued 10 times at once is one document, and spends one number", async () => {
    const [creator, client] = await Promise.all([newParty(), newParty()]);
    const issuerKey = creatorIssuerKey(creator.userAccountId);
    const draft = orderless(draftFor(creator.userAccountId, client.userAccountId, crypto.randomUUID()));
    const issued = await Promise.all(Array.from({ length: 10 }, () => issueDocument(env.DB, draft, Date.now())));
    expect(new Set(issued.map((d) => d.id)).size).toBe(1);
    expect(issued[0]!.number).toBe(1);
    const { count } = (await env.DB.prepare("SELECT count(*) AS count FROM issued_documents WHERE source_key = ?")
      .bind(draft.sourceKey)
      .first<{ count: number }>())!;
    expect(count).toBe(1);
    expect(await counterOf(issuerKey)).toBe(1);
    // The next source takes the next number: nothing was spent by the repeats.
    const next = await issueDocument(
      env.DB,
      orderless(draftFor(creator.userAccountId, client.userAccountId, crypto.randomUUID())),
      Date.now(),
    );
    expect(next.number).toBe(2);
  });

  it("issued again later, a source answers the document as first issued", async () => {
    const [creator, client] = await Promise.all([newParty(), newParty()]);
    const draft = orderless(draftFor(creator.userAccountId, client.userAccountId, crypto.randomUUID()));
    const first = await issueDocument(env.DB, draft, 1_000);
    const again = await issueDocument(env.DB, { ...draft, total: 1 }, 2_000);
    expect(again).toEqual(first);
    expect(first.issuedAt).toBe(1_000);
  });
});

describe("correcting a document", () => {
  it("issues a new number in the same series naming the old one, and leaves the old row as it was", async () => {
    const [creator, client] = await Promise.all([newParty(), newParty()]);
    const issuerKey = creatorIssuerKey(creator.userAccountId);
    const old = await issueDocument(
      env.DB,
      orderless(draftFor(creator.userAccountId, client.userAccountId, crypto.randomUUID())),
      1_000,
    );
    const before = await rowOf(old.id);
    const corrected = orderless(draftFor(creator.userAccountId, client.userAccountId, "ignored", 12_100));
    const correction = await correctDocument(env.DB, old.id, corrected, 2_000);
    expect(correction).toMatchObject({
      kind: "RECEIPT",
      issuerKey,
      number: 2,
      replacesDocumentId: old.id,
      total: 12_100,
      taxAmount: 1_100,
      issuedAt: 2_000,
    });
    expect(correction!.body.replaces).toEqual({ id: old.id, displayNumber: old.body.displayNumber });
    expect(correction!.body.displayNumber).toBe(displayNumber(issuerKey, 2));
    expect(await rowOf(old.id)).toEqual(before);
    // Correcting it again finds the same correction; a document that does not exist has none.
    expect((await correctDocument(env.DB, old.id, corrected, 3_000))?.id).toBe(correction!.id);
    expect(await counterOf(issuerKey)).toBe(2);
    expect(await correctDocument(env.DB, crypto.randomUUID(), corrected, 3_000)).toBeNull();
  });

  it("refuses a correction of another kind", async () => {
    const [creator, client] = await Promise.all([newParty(), newParty()]);
    const old = await issueDocument(
      env.DB,
      orderless(draftFor(creator.userAccountId, client.userAccountId, crypto.randomUUID())),
      1_000,
    );
    const other = {
      ...orderless(draftFor(creator.userAccountId, client.userAccountId, "x")),
      kind: "FEE_INVOICE" as const,
    };
    await expect(correctDocument(env.DB, old.id, other, 2_000)).rejects.toThrow(RangeError);
  });
});
