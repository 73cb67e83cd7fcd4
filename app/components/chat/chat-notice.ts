// A system message's words (issue 36): the room stores a key and its facts, and each reader's page words them in its
// own language, amounts in the order's currency formatted for that language.
import { m } from "#app/paraglide/messages.js";
import { asCurrencyCode } from "#worker/domain/currency";
import type { ChatSystemNotice } from "#worker/domain/chat-protocol";
import { formatMoney } from "#worker/domain/pricing";

export function noticeText(notice: ChatSystemNotice, locale: string): string {
  const stage = notice.stage
    ? m.chat_notice_stage_label({ number: notice.stage.index + 1, title: notice.stage.title })
    : "";
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
  }
}
