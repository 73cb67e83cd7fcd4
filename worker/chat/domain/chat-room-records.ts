/**
 * A chat room's records as the ChatRoom object keeps them in its storage (docs/decisions/027; issue 61 put them in the
 * domain, the floor both the object and the Worker's services read): the room with its two parties, and its messages,
 * each the sender's (with its media) or the system's. The object stores and projects them
 * (durable-objects/chat-room-storage.ts); the Worker's side reads them back from D1 (worker/chat/services/chat-rooms.ts).
 */
import type { ChatRoomFacts, ChatTranslations } from "./chat";
import type { ChatMediaView, ChatSide, ChatSystemNotice } from "./chat-protocol";
import type { MediaSite } from "../../media/domain/media-sites";

interface ChatPerson {
  userAccountId: string;
  profileId: string | null;
  name: string;
  avatarUrl: string | null;
}

export interface StoredChatRoom extends ChatRoomFacts {
  seller: ChatPerson;
  buyer: ChatPerson;
}

/** An uploaded file of a message. `formatType` is absent on the messages stored before links and embeds (decision 058). */
export interface StoredChatFile {
  formatType?: "FILE";
  id: string;
  /** The object's key (private: shown only through signed read URLs). */
  key: string;
  name: string;
  mediaType: ChatMediaView["mediaType"];
  fileType: string;
  fileSize: number;
}

/** A link or an embed of a message, as the schema rebuilt it (chat-send-schema.ts). */
export interface StoredChatLink {
  formatType: "LINK" | "EMBED";
  id: string;
  name: string | null;
  mediaType: ChatMediaView["mediaType"];
  site: MediaSite | null;
  url: string;
  /** EMBED: the code as pasted. */
  code: string | null;
  thumbnailUrl: string | null;
}

/** A message's media, in its shown order (their position is their userIndex). */
export type StoredChatMedia = StoredChatFile | StoredChatLink;

export interface StoredChatMessage {
  seq: number;
  id: string;
  clientMessageId: string | null;
  senderUserAccountId: string;
  side: ChatSide;
  text: string;
  languageCode: string;
  medias: StoredChatMedia[];
  /** Its machine translations, made after it was delivered (issue 46); absent on a message stored before them. */
  translations?: ChatTranslations;
  createdAt: number;
}

/**
 * A message from the system (issue 36): an order event, as a key and its facts, worded by each reader's page. Its
 * clientMessageId is the event's id, so the same event never posts twice.
 */
export interface StoredSystemMessage {
  seq: number;
  id: string;
  clientMessageId: string;
  side: "system";
  notice: ChatSystemNotice;
  createdAt: number;
}

export type StoredRoomMessage = StoredChatMessage | StoredSystemMessage;
