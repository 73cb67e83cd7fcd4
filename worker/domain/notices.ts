/**
 * What a notification is made of (docs/decisions/023): facts, not texts. services/notifications.ts reads them from D1;
 * worker/messages/notifications.ts words them in the reader's language for the bell, the list page and the e-mails.
 */
import type { TextRow } from "./localized-text";

/** A person a notice names: only what any visitor sees on their public profile (issue 33). */
export interface NoticeParty {
  handle: string;
  /** Their profile name texts; worker/messages/notifications.ts picks the reader's language, else the handle. */
  names: TextRow[];
  avatarUrl: string | null;
}

/** What a notice's message and sender are made of, besides its type. */
export interface NoticeFacts {
  orderCode: string | null;
  /** Whom the message names: the row's sender, else the order's other party; null when there is none (any more). */
  counterpart: NoticeParty | null;
  /** The counterpart is the row's sender (shown with their avatar); false for a notice the system sent. */
  fromSender: boolean;
}

export interface StoredNotification extends NoticeFacts {
  id: string;
  type: string;
  href: string | null;
  readAt: number | null;
  createdAt: number;
}
