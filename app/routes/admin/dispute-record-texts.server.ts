// The rest of a disputed order's record as the dispute desk shows it (issue 49, decision 088), in the admin's
// language: the request's answers, the deliverables and previews, the chat and the admin actions on the order. Every
// private file is a link to the console's audited door, never a signed URL.
import { m } from "#app/paraglide/messages.js";
import type { DisputeFileKind } from "#worker/admin/domain/admin-actions";
import type { Locale } from "#worker/domain/locales";
import type { AdminActionEntry } from "#worker/admin/services/admin-users";
import { disputeFileHref } from "#worker/admin/services/admin-dispute-files";
import type { DisputeAuditLine, DisputeChatLine, DisputeRecord } from "#worker/admin/services/admin-disputes";
import type { OrderDeliverableView, OrderDetail, OrderMediaView } from "#worker/orders/services/order-views";
import { actionText } from "./admin-texts.server";
import type { FileLinkView } from "./dispute-texts.server";
import { timeOf } from "./dispute-texts.server";

/** The door to one of the order's files while its dispute is open; none once it is settled. */
export const fileHrefs = (record: Pick<DisputeRecord, "orderId" | "open">) => (kind: DisputeFileKind, id: string) =>
  record.open ? disputeFileHref(record.orderId, kind, id) : null;

type FileHref = ReturnType<typeof fileHrefs>;

/** An order's media as the record lists it: a stored file through the door, a link or an embed as its address. */
function mediaLinks(medias: OrderMediaView[], kind: DisputeFileKind, href: FileHref) {
  return {
    files: medias
      .filter((media) => media.formatType === "FILE")
      .map((media): FileLinkView => ({ id: media.id, name: media.name ?? media.id, href: href(kind, media.id) })),
    links: medias
      .filter((media) => media.formatType !== "FILE" && media.url)
      .map((media) => ({ id: media.id, url: media.url!, name: media.name })),
  };
}

/** The request's questions with the client's answers: the original, the admin's reading, the choices and files. */
export function requestView(order: OrderDetail, href: FileHref) {
  return order.questions.map((question) => {
    const answer = question.answer;
    const chosen = question.choices.filter((choice) => choice.selected).map((choice) => choice.title);
    return {
      id: question.id,
      title: question.title,
      answer: answer?.text ?? answer?.date ?? null,
      translation: answer?.textReading.kind === "translated" ? answer.textReading.text : null,
      choices: chosen.length > 0 ? m.admin_dispute_choices({ choices: chosen.join(", ") }) : null,
      ...mediaLinks(answer?.medias ?? [], "request", href),
    };
  });
}

/** A deliverable's checksum as Comet computed it (issue 75): being checked, verified, or not what the browser said. */
function checksumOf(file: OrderDeliverableView): FileLinkView["checksum"] {
  if (file.checksum === "pending") return { text: m.admin_dispute_checksum_pending(), differs: false };
  if (!file.sha256) return null;
  if (file.checksum === "differs")
    return {
      text: m.admin_dispute_checksum_differs({ sha256: file.sha256, claimed: file.claimedSha256 ?? "" }),
      differs: true,
    };
  return { text: m.admin_dispute_checksum({ sha256: file.sha256 }), differs: false };
}

/** The deliverables, each with its checksum, and each stage preview's original (the admin sees what the creator posted). */
export function filesView(order: OrderDetail, href: FileHref) {
  const deliverables = mediaLinks(order.deliverables, "deliverable", href);
  const byId = new Map(order.deliverables.map((file) => [file.id, file]));
  return {
    deliverables: {
      ...deliverables,
      files: deliverables.files.map((file) => {
        const checksum = checksumOf(byId.get(file.id)!);
        return checksum ? { ...file, checksum } : file;
      }),
    },
    previews: order.stages.flatMap((stage) =>
      stage.previews.map(
        (preview): FileLinkView => ({
          id: preview.id,
          name: m.admin_dispute_preview_name({
            n: String(stage.index + 1),
            round: String(preview.round + 1),
            name: preview.name,
          }),
          href: href("preview", preview.id),
        }),
      ),
    ),
  };
}

/** The chat, oldest first: who wrote, when, the original and each stored translation, the files and links. */
export function chatView(
  chat: DisputeChatLine[],
  parties: { seller: string; buyer: string },
  href: FileHref,
  locale: Locale,
) {
  return chat.map((message) => ({
    id: message.id,
    who:
      message.side === "seller"
        ? m.admin_dispute_chat_seller({ handle: parties.seller })
        : m.admin_dispute_chat_buyer({ handle: parties.buyer }),
    ...timeOf(message.createdAt, locale),
    text: message.text,
    languageCode: message.languageCode,
    translations: message.translations.map((t) => ({
      label: `${m.admin_dispute_translation()} (${t.locale})`,
      text: t.text,
    })),
    files: message.files.map((file): FileLinkView => ({ id: file.id, name: file.name, href: href("chat", file.id) })),
    links: message.links,
  }));
}

/** The admin actions on the order, newest first, as the overview words them. */
export function auditView(audit: DisputeAuditLine[], locale: Locale) {
  return audit.map((line) => ({
    id: line.id,
    ...timeOf(line.createdAt, locale),
    admin: `@${line.adminHandle}`,
    action: actionText(line.action as AdminActionEntry["action"]),
    reason: line.reason ?? "",
  }));
}
