import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { creatorIssuerKey } from "#worker/documents/domain/document-numbers";
import { documentForReader, documentsOf, orderDocumentsFor } from "#worker/documents/services/document-views";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";
import { insertOrder } from "../support/order-fixtures";
import { COMET, insertDocument, party } from "./document-rows";

/**
 * Only a document's parties read it (decision 102): the client reads the receipts of their order, the creator the
 * receipts issued in their name and their own statements and fee invoices, an admin any; the other party of someone
 * else's order and a stranger read none, and are answered as for a document that does not exist. A correction links
 * both ways.
 */
const DAY = 86_400_000;
const reader = (who: SeededCreator, roles: string[] = ["user"]) => ({ accountId: who.accountId, roles });

let creator: SeededCreator;
let client: SeededCreator;
let otherCreator: SeededCreator;
let otherClient: SeededCreator;
let stranger: SeededCreator;
let admin: SeededCreator;
let order: { id: string; code: string };
const ids = {} as Record<"receipt" | "secondReceipt" | "fee" | "month" | "othersReceipt" | "correction", string>;
const numbers = {} as Record<keyof typeof ids, string>;

beforeAll(async () => {
  const tag = uniqueTag();
  [creator, client, otherCreator, otherClient, stranger, admin] = await Promise.all([
    seedCreator({ handle: `dvc${tag}` }),
    seedCreator({ handle: `dva${tag}`, creator: false }),
    seedCreator({ handle: `dvd${tag}` }),
    seedCreator({ handle: `dvb${tag}`, creator: false }),
    seedCreator({ handle: `dvs${tag}`, creator: false }),
    seedCreator({ handle: `dvm${tag}`, creator: false }),
  ]);
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
    .bind(admin.accountId)
    .run();
  order = await insertOrder({
    sellerId: creator.commissionAccountId,
    buyerId: client.commissionAccountId,
    priceAmount: 22_000,
    approvalDeadline: Date.now() + DAY,
  });
  const otherOrder = await insertOrder({
    sellerId: otherCreator.commissionAccountId,
    buyerId: otherClient.commissionAccountId,
    priceAmount: 5_000,
    approvalDeadline: Date.now() + DAY,
  });
  const t0 = Date.UTC(2026, 4, 10);
  const seller = party(creator.accountId, "Yamada Studio", "T7120001168421");
  const buyer = party(client.accountId, `@${client.handle}`);
  const orderFacts = { code: order.code, title: "A knight in a blue cape", licence: ["Personal use"] };
  const write = async (key: keyof typeof ids, row: Parameters<typeof insertDocument>[0]) => {
    const { id, displayNumber } = await insertDocument(row);
    ids[key] = id;
    numbers[key] = displayNumber;
  };
  const receipt = { kind: "RECEIPT", issuerKey: creatorIssuerKey(creator.accountId), issuer: seller } as const;
  await write("receipt", { ...receipt, recipient: buyer, orderId: order.id, order: orderFacts, issuedAt: t0 });
  await write("secondReceipt", {
    ...receipt,
    recipient: buyer,
    orderId: order.id,
    order: orderFacts,
    issuedAt: t0 + 3 * DAY,
  });
  await write("fee", {
    kind: "FEE_INVOICE",
    issuerKey: "comet",
    issuer: COMET,
    recipient: seller,
    orderId: order.id,
    order: orderFacts,
    issuedAt: t0 + DAY,
  });
  await write("month", {
    kind: "MONTHLY_STATEMENT",
    issuerKey: "comet",
    issuer: COMET,
    recipient: seller,
    period: "2026-05",
    issuedAt: Date.UTC(2026, 5, 1),
    qualified: false,
  });
  await write("othersReceipt", {
    kind: "RECEIPT",
    issuerKey: creatorIssuerKey(otherCreator.accountId),
    issuer: party(otherCreator.accountId, `@${otherCreator.handle}`),
    recipient: party(otherClient.accountId, `@${otherClient.handle}`),
    orderId: otherOrder.id,
    issuedAt: t0 + DAY,
  });
  // The second receipt, corrected: a new number in the same series, naming the one it replaces.
  await write("correction", {
    ...receipt,
    recipient: buyer,
    orderId: order.id,
    order: orderFacts,
    issuedAt: t0 + 4 * DAY,
    replaces: { id: ids.secondReceipt, displayNumber: numbers.secondReceipt },
  });
});

describe("documentForReader: only a document's parties and admins", () => {
  it("the client reads their receipt as its recipient, the creator as the one it was issued in the name of", async () => {
    const asClient = await documentForReader(env.DB, ids.receipt, reader(client));
    expect(asClient?.readerIs).toBe("recipient");
    expect(asClient?.body.order).toEqual({
      code: order.code,
      title: "A knight in a blue cape",
      licence: ["Personal use"],
    });
    expect(asClient?.body.issuer.registrationNumber).toBe("T7120001168421");
    expect((await documentForReader(env.DB, ids.receipt, reader(creator)))?.readerIs).toBe("issuer");
  });

  it("the creator reads their fee invoice and statement; the client of the same order reads neither", async () => {
    for (const id of [ids.fee, ids.month]) {
      expect((await documentForReader(env.DB, id, reader(creator)))?.readerIs).toBe("recipient");
      expect(await documentForReader(env.DB, id, reader(client))).toBeNull();
    }
  });

  it("the creator and the client of someone else's order read none of this order's documents, nor they theirs", async () => {
    for (const id of [ids.receipt, ids.fee, ids.month]) {
      expect(await documentForReader(env.DB, id, reader(otherCreator, ["user", "creator"]))).toBeNull();
      expect(await documentForReader(env.DB, id, reader(otherClient))).toBeNull();
    }
    expect(await documentForReader(env.DB, ids.othersReceipt, reader(creator, ["user", "creator"]))).toBeNull();
    expect(await documentForReader(env.DB, ids.othersReceipt, reader(client))).toBeNull();
  });

  it("a stranger reads nothing, answered as for a document that does not exist", async () => {
    for (const id of Object.values(ids)) expect(await documentForReader(env.DB, id, reader(stranger))).toBeNull();
    expect(await documentForReader(env.DB, crypto.randomUUID(), reader(client))).toBeNull();
  });

  it("an admin reads any, as an admin", async () => {
    for (const id of Object.values(ids))
      expect((await documentForReader(env.DB, id, reader(admin, ["user", "admin"])))?.readerIs).toBe("admin");
  });

  it("a replaced document names its correction, and the correction the one it replaces", async () => {
    const replaced = await documentForReader(env.DB, ids.secondReceipt, reader(client));
    expect(replaced?.replacedBy).toEqual({ id: ids.correction, displayNumber: numbers.correction });
    expect(replaced?.replaces).toBeNull();
    const correction = await documentForReader(env.DB, ids.correction, reader(client));
    expect(correction?.replaces).toEqual({ id: ids.secondReceipt, displayNumber: numbers.secondReceipt });
    expect(correction?.replacedBy).toBeNull();
    expect((await documentForReader(env.DB, ids.receipt, reader(client)))?.replacedBy).toBeNull();
  });
});

describe("documentsOf: what a user keeps, by kind, newest first", () => {
  it("the client: their receipts, the replaced one marked", async () => {
    const groups = await documentsOf(env.DB, client.accountId);
    expect(groups.map((g) => g.kind)).toEqual(["RECEIPT"]);
    expect(groups[0].documents.map((d) => [d.id, d.readerIs, d.replaced])).toEqual([
      [ids.correction, "recipient", false],
      [ids.secondReceipt, "recipient", true],
      [ids.receipt, "recipient", false],
    ]);
    expect(groups[0].documents[0]).toMatchObject({
      displayNumber: numbers.correction,
      orderCode: order.code,
      orderTitle: "A knight in a blue cape",
      currency: "JPY",
      total: 11_000,
    });
  });

  it("the creator: the receipts issued in their name, then their fee invoice and statement", async () => {
    const groups = await documentsOf(env.DB, creator.accountId);
    expect(groups.map((g) => g.kind)).toEqual(["RECEIPT", "FEE_INVOICE", "MONTHLY_STATEMENT"]);
    expect(groups[0].documents.map((d) => d.readerIs)).toEqual(["issuer", "issuer", "issuer"]);
    expect(groups[1].documents.map((d) => [d.id, d.readerIs])).toEqual([[ids.fee, "recipient"]]);
    expect(groups[2].documents[0]).toMatchObject({ id: ids.month, period: "2026-05", orderCode: null });
  });

  it("nobody else sees them listed: the other order's parties see only theirs, a stranger and an admin none", async () => {
    const others = await documentsOf(env.DB, otherClient.accountId);
    expect(others.flatMap((g) => g.documents.map((d) => d.id))).toEqual([ids.othersReceipt]);
    expect(await documentsOf(env.DB, stranger.accountId)).toEqual([]);
    expect(await documentsOf(env.DB, admin.accountId)).toEqual([]);
  });
});

describe("orderDocumentsFor: the order's Payment tab", () => {
  it("lists the order's receipts, oldest first, for its client and its creator alike", async () => {
    const expected = [ids.receipt, ids.secondReceipt, ids.correction];
    expect((await orderDocumentsFor(env.DB, order.id, client.accountId)).map((d) => d.id)).toEqual(expected);
    expect((await orderDocumentsFor(env.DB, order.id, creator.accountId)).map((d) => d.id)).toEqual(expected);
  });

  it("lists nothing for anyone else, and never the creator's fee invoice", async () => {
    expect(await orderDocumentsFor(env.DB, order.id, otherCreator.accountId)).toEqual([]);
    expect(await orderDocumentsFor(env.DB, order.id, stranger.accountId)).toEqual([]);
    expect((await orderDocumentsFor(env.DB, order.id, creator.accountId)).map((d) => d.kind)).not.toContain(
      "FEE_INVOICE",
    );
  });
});
