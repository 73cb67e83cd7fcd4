// The dispute desk shows each deliverable's checksum as Comet computed it (issue 75): the admin reads that the
// creator's browser reported another SHA-256 than the server's, with both, as the parties do on the order page.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as disputePage from "#app/routes/admin/dispute";
import { call } from "../support/helpers";
import { insertOrderIn, newParty } from "../support/order-states";
import { as, person, run } from "./admin-fixtures";

const SERVER = "a".repeat(64);
const CLAIMED = "b".repeat(64);

async function disputedOrder() {
  const [seller, buyer] = await Promise.all([newParty(), newParty()]);
  const order = await insertOrderIn("PAID", seller, buyer);
  const opened = await call("/api/features/commission/order/dispute/open", {
    method: "POST",
    cookie: buyer.cookie,
    json: { orderId: order.id, reason: "not_as_agreed", statement: "The file is not the one we agreed on." },
  });
  expect(opened.status).toBe(200);
  return order;
}

/** The facts of the order's one deliverable (the fixture's), as the server's check leaves them. */
async function factsOfDeliverable(orderId: string, facts: { checksum: string; server: string | null }) {
  const file = await env.DB.prepare(
    `SELECT m.file_url FROM media m JOIN media_attachments a ON a.media_id = m.id AND a.owner_type = 'commission_order_deliverable'
     WHERE a.owner_id = ?`,
  )
    .bind(orderId)
    .first<{ file_url: string }>();
  await env.DB.prepare(
    "INSERT INTO file_facts (object_key, sha256, created_at, server_sha256, checksum) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(file!.file_url.replace("/media/", ""), CLAIMED, Date.now(), facts.server, facts.checksum)
    .run();
}

async function deliverablesShown(orderId: string) {
  const admin = await person({ admin: true });
  const { status, body } = await run(disputePage.loader, {
    ...(await as(admin, `/admin/disputes/${orderId}`)),
    params: { orderId },
  });
  expect(status).toBe(200);
  return (body as Awaited<ReturnType<typeof disputePage.loader>>).files.deliverables.files;
}

describe("the dispute desk's deliverables", () => {
  it("say 'checksum differs' with the browser's claim and the server's hash", async () => {
    const order = await disputedOrder();
    await factsOfDeliverable(order.id, { checksum: "differs", server: SERVER });
    const [file] = await deliverablesShown(order.id);
    expect(file!.checksum).toEqual({
      text: `Checksum differs: the creator's browser reported ${CLAIMED}; Comet computed ${SERVER} from the stored file.`,
      differs: true,
    });
  });

  it("give the server's hash once verified, and say it is being checked until then", async () => {
    const verified = await disputedOrder();
    await factsOfDeliverable(verified.id, { checksum: "verified", server: SERVER });
    expect((await deliverablesShown(verified.id))[0]!.checksum).toEqual({
      text: `SHA-256 (computed by Comet): ${SERVER}`,
      differs: false,
    });
    const pending = await disputedOrder();
    await factsOfDeliverable(pending.id, { checksum: "pending", server: null });
    expect((await deliverablesShown(pending.id))[0]!.checksum).toEqual({
      text: "SHA-256: being checked by Comet.",
      differs: false,
    });
  });
});
