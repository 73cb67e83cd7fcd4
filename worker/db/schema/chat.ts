import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CHAT_RESTRICTION_TYPES, CHAT_STATUSES } from "./enums";
import { timestamps, userAccounts } from "./accounts";
import { commissionOrders } from "./orders";

export const DEFAULT_MESSAGE_CHARACTER_LIMIT = 1000;
export const DEFAULT_MESSAGE_MEDIA_LIMIT = 10;

/** The chat of an order. The ChatRoom Durable Object serves it live; messages are persisted here. */
export const chatRooms = sqliteTable(
  "chat_rooms",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id, { onDelete: "cascade" }),
    roomStatus: text("room_status", { enum: CHAT_STATUSES }).notNull().default("DRAFT"),
    restrictionType: text("restriction_type", { enum: CHAT_RESTRICTION_TYPES }).notNull().default("UNLIMITED_REPLY"),
    messageCharacterLimit: integer("message_character_limit").notNull().default(DEFAULT_MESSAGE_CHARACTER_LIMIT),
    messageMediaLimit: integer("message_media_limit").notNull().default(DEFAULT_MESSAGE_MEDIA_LIMIT),
    /** The ChatRoom object's projection (docs/decisions/027): the last seq, each side's last message and read marker. */
    lastSeq: integer("last_seq").notNull().default(0),
    lastSellerSeq: integer("last_seller_seq").notNull().default(0),
    lastBuyerSeq: integer("last_buyer_seq").notNull().default(0),
    sellerReadSeq: integer("seller_read_seq").notNull().default(0),
    buyerReadSeq: integer("buyer_read_seq").notNull().default(0),
    ...timestamps,
  },
  // One room per order (migration 0011).
  (t) => [uniqueIndex("chat_rooms_order").on(t.orderId)],
);

/** Message texts are localized_texts (entity "chat_message", field "text"); medias are media_attachments. */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => chatRooms.id, { onDelete: "cascade" }),
    senderUserAccountId: text("sender_user_account_id")
      .notNull()
      .references(() => userAccounts.id),
    /** Id chosen by the sending client so a resend after a dropped socket is not stored twice. */
    clientMessageId: text("client_message_id"),
    /** Gapless per room from 1: the ChatRoom object's order of the room. */
    seq: integer("seq"),
    /**
     * Machine translations of the message's text, as the ChatRoom object made them after delivering it (issue 46,
     * decision 078): JSON `{ "texts": { locale: text }, "untranslated": [locale] }`, the second naming the reading
     * languages the translator could not serve (shown with a retry). The original stays in localized_texts, untouched.
     */
    translations: text("translations"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("chat_messages_room_created").on(t.roomId, t.createdAt),
    uniqueIndex("chat_messages_room_client_id").on(t.roomId, t.clientMessageId),
    uniqueIndex("chat_messages_room_seq").on(t.roomId, t.seq),
  ],
);
