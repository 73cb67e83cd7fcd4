// The owners the route-table fuzzer (fuzz-doors.test.ts) signs in as: a seller and a buyer with an approved order
// between them, and the things each owns, made through the app's own services so every table they touch is real; and an
// admin, who calls the admin console's doors (the dispute desk's among them).
import { env } from "cloudflare:workers";
import { parseServiceDraft } from "#worker/domain/commission-form";
import { parseWorkDraft, type WorkDraft } from "#worker/domain/portfolio";
import { createFormFromTemplate } from "#worker/services/commission-forms";
import { saveService } from "#worker/services/commission-services";
import { saveWork } from "#worker/services/portfolio";
import { grantCreatorRole } from "#worker/services/roles";
import { call, db, creatorOf } from "./helpers";
import { PNG } from "./media-fixtures";
import { commissionAccountByEmail } from "./order-fixtures";
import { approvedOrder, newUser } from "./payments-helpers";

export interface Owner {
  accountId: string;
  cookie: string;
}

const workDraft = (title: string): WorkDraft => ({
  title,
  description: "Kept as it is, whatever the fuzzer sends.",
  medias: [{ url: "https://example.com/work.png" }],
  contentRatingCode: "all-ages",
  categoryCodes: [],
  tags: [],
  visibility: "PUBLIC",
  credits: "",
});

async function savedWork(accountId: string, title: string): Promise<string> {
  const draft = parseWorkDraft(workDraft(title));
  if (!draft.ok) throw new Error(JSON.stringify(draft.errors));
  const saved = await saveWork(db(), accountId, null, draft.data, "en", env.MEDIA);
  if (!saved.ok) throw new Error(JSON.stringify(saved));
  return saved.workId;
}

/** A PNG stored in the work's folder with its media row and attachment, as an upload leaves it. */
async function attachedFile(ownerAccountId: string, workId: string) {
  const mediaId = crypto.randomUUID();
  const key = `v1/portfolio-work/${workId}/medias/${mediaId}.png`;
  await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_url) VALUES (?, ?, 'FILE', 'IMAGE', ?)",
    ).bind(mediaId, ownerAccountId, `/media/${key}`),
    env.DB.prepare(
      "INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position) VALUES (?, ?, 'portfolio_work', ?, 'medias', 1)",
    ).bind(crypto.randomUUID(), mediaId, workId),
  ]);
}

/**
 * A seller (creator: a draft form, a published service linked to it, a work with a link and a stored file) and a
 * buyer (a saved card, a work, a bookmark of the service, the approval's notification), with an approved order
 * between them, and an admin who owns nothing. `ids`: every id and code of the seller's and buyer's, for the fuzzer to
 * put in URLs.
 */
export async function ownersWithThings(): Promise<{ seller: Owner; buyer: Owner; admin: Owner; ids: string[] }> {
  const order = await approvedOrder();
  const adminUser = await newUser();
  const admin = {
    accountId: (await commissionAccountByEmail(adminUser.email)).userAccountId,
    cookie: adminUser.cookie,
  };
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
    .bind(admin.accountId)
    .run();
  const seller = {
    accountId: (await commissionAccountByEmail(order.seller.email)).userAccountId,
    cookie: order.seller.cookie,
  };
  const buyer = {
    accountId: (await commissionAccountByEmail(order.buyer.email)).userAccountId,
    cookie: order.buyer.cookie,
  };

  await grantCreatorRole(db(), seller.accountId);
  const formId = await createFormFromTemplate(db(), await creatorOf(seller.accountId), "en", { title: "Fuzzed form" });
  if (!formId) throw new Error("no form");
  const service = parseServiceDraft({
    title: "Fuzzed service",
    description: "",
    medias: [{ url: "https://example.com/s.png" }],
    price: "3000",
    currency: "JPY",
    formId,
    terms: "",
    categoryCodes: [],
  });
  if (!service.ok) throw new Error(JSON.stringify(service.errors));
  const savedService = await saveService(db(), await creatorOf(seller.accountId), null, service.data, "en", env.MEDIA);
  if (!savedService.ok) throw new Error(JSON.stringify(savedService));
  const sellerWork = await savedWork(seller.accountId, "Seller's work");
  await attachedFile(seller.accountId, sellerWork);
  const buyerWork = await savedWork(buyer.accountId, "Buyer's work");

  const bookmarked = await call("/api/features/bookmark/order/submit", {
    method: "POST",
    cookie: buyer.cookie,
    json: { commissionServiceId: savedService.serviceId, isActive: true },
  });
  if (bookmarked.status !== 200) throw new Error(`bookmark: ${bookmarked.status} ${await bookmarked.text()}`);

  const formCode = (await env.DB.prepare("SELECT code FROM commission_forms WHERE id = ?")
    .bind(formId)
    .first<{ code: string }>())!.code;
  return {
    seller,
    buyer,
    admin,
    ids: [
      order.id,
      order.code,
      formId,
      formCode,
      savedService.serviceId,
      sellerWork,
      buyerWork,
      seller.accountId,
      buyer.accountId,
    ],
  };
}
