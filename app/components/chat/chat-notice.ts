// A system message's words (issue 36): the room stores a key and its facts, and each reader's page words them in its
// own language, amounts in the order's currency formatted for that language.
// Issue 46: a notice may quote a stage's title, which the creator wrote. The sentence is the reader's page's, so only
// the title is read across the language wall: the client reads it in their language (marked, the original a click
// away), the creator as written. The words are handed over around the title so that only the title carries `lang`.
import { m } from "#app/paraglide/messages.js";
import { asCurrencyCode } from "#worker/domain/currency";
import type { ChatSide, ChatSystemNotice } from "#worker/chat/domain/chat-protocol";
import { isLocale, type Locale } from "#worker/domain/locales";
import { formatDate } from "#worker/domain/dates";
import { formatMoney } from "#worker/domain/pricing";
import { detectTextLanguage } from "#worker/domain/text-language";
import { READ_AS_WRITTEN, type TextReading } from "#worker/domain/text-reading";

/** The notice's sentence in the page's language, split around the stage title it quotes (`title` null: none). */
export interface NoticeWords {
  before: string;
  title: string | null;
  after: string;
}

/** Stands for the title in the sentence while it is worded, then cut out: no message carries it. */
const TITLE_SLOT = "\u0000";

export function noticeWords(notice: ChatSystemNotice, locale: string): NoticeWords {
  const stage = notice.stage ? m.chat_notice_stage_label({ number: notice.stage.index + 1, title: TITLE_SLOT }) : "";
  const sentence = noticeSentence(notice, stage, locale);
  const at = notice.stage ? sentence.indexOf(TITLE_SLOT) : -1;
  if (at === -1) return { before: sentence, title: null, after: "" };
  return {
    before: sentence.slice(0, at),
    title: notice.stage!.title,
    after: sentence.slice(at + TITLE_SLOT.length),
  };
}

function noticeSentence(notice: ChatSystemNotice, stage: string, locale: string): string {
  const money = (minor: number) => formatMoney(minor, asCurrencyCode(notice.money?.currency), locale);
  switch (notice.key) {
    case "stages_updated":
      return m.chat_notice_stages_updated();
    case "stage_previewed":
      return m.chat_notice_stage_previewed({ stage });
    case "stage_revision_requested":
      return m.chat_notice_stage_revision_requested({ stage });
    case "stage_revision_granted":
      return m.chat_notice_stage_revision_granted({ stage });
    case "stage_approved":
      return m.chat_notice_stage_approved({ stage });
    case "stage_auto_approved":
      return m.chat_notice_stage_auto_approved({ stage });
    case "staged_order_canceled":
      return m.chat_notice_staged_order_canceled({
        refund: money(notice.money?.refunded ?? 0),
        kept: money(notice.money?.kept ?? 0),
      });
    case "dispute_opened":
      return notice.dispute?.openedBy === "seller"
        ? m.chat_notice_dispute_opened_by_seller()
        : m.chat_notice_dispute_opened_by_buyer();
    case "dispute_settled":
      return disputeSettledSentence(notice, money);
    case "extension_requested":
      return m.chat_notice_extension_requested({ date: dateOf(notice, locale) });
    case "extension_accepted":
      return m.chat_notice_extension_accepted({ date: dateOf(notice, locale) });
    case "extension_declined":
      return m.chat_notice_extension_declined();
    case "extension_lapsed":
      return m.chat_notice_extension_lapsed();
    case "delivery_extended":
      return m.chat_notice_delivery_extended({ date: dateOf(notice, locale) });
    case "licence_requested":
      return m.chat_notice_licence_requested({ licence: licenceOfNotice(notice) });
    case "licence_accepted":
      return m.chat_notice_licence_accepted({ licence: licenceOfNotice(notice) });
    case "licence_declined":
      return m.chat_notice_licence_declined();
  }
}

const LICENCE_USES = {
  streaming: m.chat_notice_licence_use_streaming,
  goods: m.chat_notice_licence_use_goods,
  advertising: m.chat_notice_licence_use_advertising,
};

/** The licence a change names (issue 63), in the reader's language. */
function licenceOfNotice(notice: ChatSystemNotice): string {
  const licence = notice.licence;
  if (!licence || licence.scope === "personal") return m.chat_notice_licence_personal();
  if (licence.scope === "exclusive") return m.chat_notice_licence_exclusive();
  const uses = licence.uses.map((use) => LICENCE_USES[use]()).join(m.chat_notice_licence_uses_separator());
  return m.chat_notice_licence_commercial({ uses });
}

/** A move's delivery date, in the reader's language (decision 090): any of the five, else English. */
const dateOf = (notice: ChatSystemNotice, locale: string) =>
  notice.date === undefined ? "" : formatDate(notice.date, isLocale(locale) ? locale : "en");

function disputeSettledSentence(notice: ChatSystemNotice, money: (minor: number) => string): string {
  const refund = money(notice.money?.refunded ?? 0);
  switch (notice.dispute?.outcome) {
    case "refund":
      return m.chat_notice_dispute_settled_refund({ refund });
    case "split":
      return m.chat_notice_dispute_settled_split({ refund, kept: money(notice.money?.kept ?? 0) });
    case "reopen":
      return m.chat_notice_dispute_settled_reopen();
    default:
      return m.chat_notice_dispute_settled_release();
  }
}

/**
 * How the viewer reads a quoted stage title: the seller wrote it, so only the buyer may need a translation, and only
 * when it is written in another language than the reader's. That one is `pending` (the room stores none): the page
 * shows the original and asks the translation door, which finds the translation made when the stages were set, or
 * makes it on the reader's share. `lang` is the language the title is written in, when it is not the page's.
 */
export function noticeTitleReading(
  title: string,
  viewerSide: ChatSide | undefined,
  reader: Locale,
): { reading: TextReading; writtenIn: Locale | undefined } {
  const from = detectTextLanguage(title);
  const writtenIn = from !== null && from !== reader ? from : undefined;
  if (viewerSide !== "buyer" || writtenIn === undefined) return { reading: READ_AS_WRITTEN, writtenIn };
  return { reading: { kind: "pending", from: writtenIn }, writtenIn };
}
