import { DurableObject } from "cloudflare:workers";
import * as v from "valibot";
import { isBlankText, normalizeText } from "#worker/domain/text";
import { isSessionLive, type SessionTimes } from "#worker/domain/sessions";
import {
  CHAT_SEND_LIMIT,
  CHAT_SESSION_RECHECK_MS,
  NO_CHAT_TRANSLATIONS,
  chatMessageTexts,
  chatRoomView,
  chatTranslationTargets,
  parseChatTranslations,
  withChatTranslation,
  nextReadSeq,
  otherSide,
  sendRateRefusal,
  sendRefusal,
  unreadNoticeKey,
  writeBlockedBy,
  type ChatSettings,
  type ChatTranslations,
} from "#worker/chat/domain/chat";
import { isLocale, type Locale } from "#worker/domain/locales";
import {
  CHAT_PAGE_SIZE,
  CHAT_PING,
  CHAT_PONG,
  CHAT_SESSION_ENDED_CLOSE_CODE,
  type ChatMessagePage,
  type ChatMediaView,
  type ChatMessageView,
  type ChatRefusal,
  type ChatResult,
  type ChatRoomView,
  type ChatServerFrame,
  type ChatSide,
  type ChatSystemNotice,
  type ChatTranslationUpdate,
} from "#worker/chat/domain/chat-protocol";
import {
  chatClientFrameSchema,
  chatSendRefusal,
  type ChatMediaInput,
  type ChatSendInput,
} from "#worker/chat/domain/chat-send-schema";
import { parseMediaKey } from "#worker/media/domain/media-keys";
import { detectTextLanguage } from "#worker/domain/text-language";
import { chatRefusalMessage } from "#worker/messages/chat";
import { cometNow, devClockOffset } from "#worker/services/clock";
import {
  isStoredFile,
  isSystemMessage,
  loadChatRoom,
  loadProjectedMessages,
  type ChatCaller,
  type ChatSocketCaller,
} from "#worker/chat/services/chat-rooms";
import type {
  StoredChatMedia,
  StoredChatMessage,
  StoredChatRoom,
  StoredRoomMessage,
  StoredSystemMessage,
} from "#worker/chat/domain/chat-room-records";
import {
  messageProjection,
  readNoticesStatement,
  readSessionTimes,
  readingLanguageOf,
  roomProjection,
  socketCallerOf,
  translationProjection,
  unreadNoticeStatement,
} from "./chat-room-storage";
import { mediaTypeOf } from "#worker/orders/services/order-deliverables";
import { signReadUrl } from "#worker/media/services/media-access";
import { emailNewNotificationsSoon } from "#worker/services/notification-emails";
import { checkAttachment } from "#worker/media/services/storage";
import { envWithSimulatedLatency } from "#worker/db/simulated-latency";
import { createDb } from "#worker/db/client";
import { readingFor, translationBudgetOf } from "#worker/services/translations";
import { translatorFor } from "#worker/translation/translator";

/** `resent`: the clientMessageId was stored before; nothing was stored or broadcast now. */
type StoreResult =
  | { ok: true; message: ChatMessageView; resent: true }
  | { ok: true; message: ChatMessageView; resent?: undefined; afterFanOut: Promise<void> }
  | { ok: false; refusal: ChatRefusal };

type MessageRow = {
  seq: number;
  id: string;
  client_message_id: string | null;
  /** SYSTEM_SENDER for a system message, whose `text` is its notice as JSON. */
  sender: string;
  side: ChatSide | "system";
  text: string;
  language_code: string;
  medias: string;
  created_at: number;
  projected: number;
  /** The message's machine translations as JSON (ChatTranslations); null before any was made. */
  translations: string | null;
  /** 0 while its translations have changed since D1's copy last got them. */
  translations_projected: number;
};
/** The object's sender of system messages: no account id is this, so no party's send limit or resend meets it. */
const SYSTEM_SENDER = "system";
const PROJECTION_RETRY_MS = 5_000;
/** Messages per D1 batch: a burst is written in a few batches, not one per message. */
const PROJECTION_BATCH = 20;
/**
 * The alarm armed while projections are queued: if the object stops before its queue drains (a deploy, a crash),
 * the alarm wakes it to write what is left.
 */
const PROJECTION_SAFETY_MS = 60_000;

/**
 * One instance per order's chat room (`idFromName(roomId)`, docs/decisions/027), on the hibernation WebSocket API:
 * the object may be evicted between messages, so who each socket is lives in its attachment, and the room (settings,
 * status, read markers) and its messages live in the object's SQLite storage, read back in the constructor.
 * A message gets the next gapless seq and is stored before it is broadcast; D1's rows are a projection written after
 * (retried by the alarm). Only the Worker reaches the object: it names the caller it has checked, as an RPC argument or,
 * on the WebSocket upgrade, in a header of a request it builds itself (decision 066). The object still checks that
 * caller against its room's two parties.
 */
export class ChatRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private room: StoredChatRoom | null;
  private loading: Promise<StoredChatRoom | null> | null = null;
  /** The tail of the D1 writes: each flush starts when the one before has finished and takes all that is pending. */
  private projecting: Promise<void> = Promise.resolve();
  /** Notices to write with the next flush, by dedupe key (one per room, reader and read marker). */
  private notices = new Map<string, D1PreparedStatement>();
  private safetyAlarmArmed = false;
  /** Translations being made now, by `${seq}:${locale}`: a retry or a second reader's page never starts another. */
  private readonly translating = new Set<string>();
  /** Sessions of this room's sockets as last read from D1, by hash, and when (`sessionOpen`). */
  private readonly sessions = new Map<string, { times: SessionTimes; readAt: number }>();
  /** Sessions this room was told have ended (`endSession`): a read that was on its way when it heard cannot revive them. */
  private readonly endedSessions = new Set<string>();
  /** Each sender's latest message times, oldest first (at most CHAT_SEND_LIMIT.messages), once read from storage. */
  private readonly sendTimes = new Map<string, number[]>();

  constructor(ctx: DurableObjectState, env: Env) {
    // Outside production a bench may put D1 farther away (simulated-latency.ts); production keeps env as it is.
    super(ctx, envWithSimulatedLatency(env));
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS room (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL)");
    this.sql.exec(`CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, client_message_id TEXT, sender TEXT NOT NULL,
      side TEXT NOT NULL, text TEXT NOT NULL, language_code TEXT NOT NULL, medias TEXT NOT NULL, created_at INTEGER NOT NULL, projected INTEGER NOT NULL DEFAULT 0)`);
    // Issue 46: translations beside the original. Objects made before them get the columns here (once; again throws).
    for (const column of ["translations TEXT", "translations_projected INTEGER NOT NULL DEFAULT 1"])
      try {
        this.sql.exec(`ALTER TABLE messages ADD COLUMN ${column}`);
      } catch {
        // Already there.
      }
    this.sql.exec("CREATE UNIQUE INDEX IF NOT EXISTS messages_client_id ON messages (sender, client_message_id)");
    // A sender's latest messages, for the send rate limit (kept in storage, so hibernation forgets none of them).
    this.sql.exec("CREATE INDEX IF NOT EXISTS messages_sender_seq ON messages (sender, seq)");
    const row = this.sql.exec<{ data: string }>("SELECT data FROM room").toArray()[0];
    this.room = row ? (JSON.parse(row.data) as StoredChatRoom) : null;
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(CHAT_PING, CHAT_PONG));
  }

  // ───────────────────────── entry points ─────────────────────────

  /** The WebSocket upgrade the Worker makes for a caller it has checked (GET /ws/chat/{roomId}). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const who = socketCallerOf(request);
    if (!who) return new Response("Unauthenticated", { status: 401 });
    if (!(await this.admit(who))) return new Response("Not found", { status: 404 });
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server, [who.side]);
    server.serializeAttachment(who satisfies ChatSocketCaller);
    this.sendFrame(server, { type: "hello", room: this.viewFor(who.side), lastSeq: this.lastSeq() });
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const who = ws.deserializeAttachment() as ChatSocketCaller;
    const parsed = parseFrame(data);
    if (!parsed || !this.room) return;
    if ("refused" in parsed) return this.sendRefusal(ws, who, parsed.refused.clientMessageId, parsed.refused.error);
    const frame = parsed.frame;
    if (frame.type === "read") return this.markRead(who.side, frame.seq);
    // A socket outlives the request that opened it: once its session has ended (signed out), it sends no more.
    if (!(await this.sessionOpen(who.session))) {
      ws.close(CHAT_SESSION_ENDED_CLOSE_CODE, "signed out");
      return;
    }
    if (frame.type === "translate") return this.retryTranslation(ws, who, frame.seq);
    const result = await this.store(who, {
      clientMessageId: frame.clientMessageId,
      messageText: frame.messageText,
      messageMedias: frame.messageMedias,
    });
    if (!result.ok) this.sendRefusal(ws, who, frame.clientMessageId, result.refusal);
    // A resend after a dropped socket: its acknowledgement is the stored message, to this socket only.
    else if (result.resent) this.sendFrame(ws, { type: "message", message: result.message });
    else await result.afterFanOut;
  }

  /**
   * Whether a socket's session is still one a request could use: from memory when this room read it less than
   * CHAT_SESSION_RECHECK_MS ago and its times still say live (idle or past its end reads again), else from D1. Sign-out
   * reaches the room at once through `endSession`, so a send costs no D1 round trip before its fan-out (decision 085).
   */
  private async sessionOpen(sessionHash: string): Promise<boolean> {
    const now = Date.now();
    if (this.endedSessions.has(sessionHash)) return false;
    const known = this.sessions.get(sessionHash);
    if (known && now - known.readAt < CHAT_SESSION_RECHECK_MS && isSessionLive(known.times, now)) return true;
    const times = await readSessionTimes(this.env.DB, sessionHash);
    if (!times || !isSessionLive(times, now) || this.endedSessions.has(sessionHash)) {
      this.sessions.delete(sessionHash);
      return false;
    }
    this.sessions.set(sessionHash, { times, readAt: now });
    return true;
  }

  /** The Worker ended this session (sign-out): its sockets here close now, as a send from them would close them. */
  async endSession(sessionHash: string): Promise<void> {
    this.endedSessions.add(sessionHash);
    this.sessions.delete(sessionHash);
    for (const ws of this.ctx.getWebSockets())
      if ((ws.deserializeAttachment() as ChatSocketCaller).session === sessionHash)
        ws.close(CHAT_SESSION_ENDED_CLOSE_CODE, "signed out");
  }

  /**
   * The user deleted their account (decision 104): their sockets here close now, and what they wrote (texts, files,
   * translations) and their name and picture are emptied in this room's own storage, as D1's copy is.
   */
  async forgetUser(userAccountId: string): Promise<void> {
    for (const ws of this.ctx.getWebSockets())
      if ((ws.deserializeAttachment() as ChatSocketCaller).userAccountId === userAccountId)
        ws.close(CHAT_SESSION_ENDED_CLOSE_CODE, "account deleted");
    this.sql.exec("UPDATE messages SET text = '', medias = '[]', translations = NULL WHERE sender = ?", userAccountId);
    const room = this.room;
    if (!room) return;
    const emptied = (person: StoredChatRoom["seller"]) =>
      person.userAccountId === userAccountId ? { ...person, name: "", avatarUrl: null } : person;
    this.saveRoom({ ...room, seller: emptied(room.seller), buyer: emptied(room.buyer) });
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // Already closed.
    }
  }

  /** POST /api/features/chat/message/submit: the same rules as a socket's send. */
  async send(caller: ChatCaller, input: ChatSendInput): Promise<ChatResult<ChatMessageView>> {
    if (!(await this.admit(caller))) return NOT_FOUND;
    const result = await this.store(caller, input);
    if (!result.ok) return result;
    if (!result.resent) await result.afterFanOut;
    return { ok: true, value: result.message };
  }

  /** chatMessage.getList: the latest page, a page `before` a seq (history), or what came `after` one (catching up). */
  async list(
    caller: ChatCaller,
    page: { before?: number; after?: number; limit?: number },
  ): Promise<ChatResult<ChatMessagePage>> {
    if (!(await this.admit(caller))) return NOT_FOUND;
    const limit = Math.min(Math.max(1, Math.floor(page.limit ?? CHAT_PAGE_SIZE)), CHAT_PAGE_SIZE);
    const rows =
      page.after !== undefined
        ? this.sql
            .exec<MessageRow>("SELECT * FROM messages WHERE seq > ? ORDER BY seq LIMIT ?", page.after, limit)
            .toArray()
        : this.sql
            .exec<MessageRow>(
              "SELECT * FROM messages WHERE seq < ? ORDER BY seq DESC LIMIT ?",
              page.before ?? Number.MAX_SAFE_INTEGER,
              limit,
            )
            .toArray()
            .reverse();
    const messages = rows.map(toStored);
    const signed = await this.sign(messages.flatMap((m) => (isSystemMessage(m) ? [] : m.medias)));
    // Seqs are gapless from 1: older messages exist exactly when the first one returned is not the first.
    return {
      ok: true,
      value: {
        messages: messages.map((m) => this.messageView(m, signed)),
        hasMore: (messages[0]?.seq ?? 1) > 1,
        lastSeq: this.lastSeq(),
      },
    };
  }

  /** The room as the caller sees it. */
  async view(caller: ChatCaller): Promise<ChatResult<ChatRoomView>> {
    if (!(await this.admit(caller))) return NOT_FOUND;
    return { ok: true, value: this.viewFor(caller.side) };
  }

  /** POST /room/read: the caller's read marker. */
  async read(caller: ChatCaller, seq: number): Promise<ChatResult<null>> {
    if (!(await this.admit(caller))) return NOT_FOUND;
    await this.markRead(caller.side, seq);
    return { ok: true, value: null };
  }

  /**
   * chatRoom.update, once the Order object has accepted the seller's updateChatSettings (its editability rule is the
   * one source). Every socket gets its own new view at once.
   */
  async applySettings(caller: ChatCaller, settings: ChatSettings): Promise<ChatResult<ChatRoomView>> {
    const room = await this.admit(caller);
    if (!room) return NOT_FOUND;
    if (caller.side !== "seller") return { ok: false, refusal: "not_editable" };
    await this.changeRoom({ ...room, ...settings });
    return { ok: true, value: this.viewFor(caller.side) };
  }

  /** The Order object changed the order's chat status: read it back from D1 (never from an argument) and follow it. */
  async refreshStatus(roomId: string): Promise<void> {
    const room = await this.ensureRoom(roomId);
    if (!room) return;
    const row = await this.env.DB.prepare("SELECT order_chat_status AS status FROM commission_orders WHERE id = ?")
      .bind(room.orderId)
      .first<{ status: StoredChatRoom["roomStatus"] }>();
    if (row && row.status !== room.roomStatus) return this.changeRoom({ ...room, roomStatus: row.status });
    // Loaded just now, already in the new status: D1's room row may still hold the old one.
    await this.env.DB.batch([roomProjection(this.env.DB, room, this.lastSeq(), Date.now())]);
  }

  /**
   * A system message (issue 36): an order event, posted by the Order object once its transition has landed. It takes
   * the next seq like any message and is broadcast and projected, whatever the room lets the parties write (a closed
   * room hears of its cancel); it is neither party's turn or unread notice. `key` is the event's id: the same event
   * again posts nothing.
   */
  async announce(roomId: string, key: string, notice: ChatSystemNotice): Promise<void> {
    const room = await this.ensureRoom(roomId);
    if (!room) return;
    // Stamped on Comet's time, as the order's event it tells of (the dev clock's outside production, decision 080).
    const now = await cometNow(this.env);
    const known = this.sql
      .exec<{ seq: number }>("SELECT seq FROM messages WHERE sender = ? AND client_message_id = ?", SYSTEM_SENDER, key)
      .toArray();
    if (known.length > 0) return;
    const message: StoredSystemMessage = {
      seq: this.lastSeq() + 1,
      id: crypto.randomUUID(),
      clientMessageId: key,
      side: "system",
      notice,
      createdAt: now,
    };
    this.insertMessage(message, false);
    this.broadcast({ type: "message", message: this.messageView(message, new Map()) });
    await this.projectPending();
  }

  /**
   * Projections still pending: D1 was unreachable, or the object stopped before its queue drained. Throws to be
   * retried with backoff.
   */
  async alarm(): Promise<void> {
    this.safetyAlarmArmed = false;
    if (this.room) await this.flushProjection(true);
  }

  // ───────────────────────── the room ─────────────────────────

  /**
   * The room, when the caller is the side of it they say: the Worker checked them against D1's order; the room knows
   * its two parties itself, so a caller of another room (or a Worker's bug) gets nothing. Null for no such room too.
   */
  private async admit(caller: ChatCaller): Promise<StoredChatRoom | null> {
    const room = await this.ensureRoom(caller.roomId);
    if (!room) return null;
    const party = caller.side === "seller" ? room.seller : room.buyer;
    return party.userAccountId === caller.userAccountId ? room : null;
  }

  /** The room from storage, else (the first time) from D1 with any messages D1 already has. */
  private ensureRoom(roomId: string): Promise<StoredChatRoom | null> {
    if (this.room) return Promise.resolve(this.room.id === roomId ? this.room : null);
    this.loading ??= (async () => {
      const loaded = await loadChatRoom(this.env.DB, roomId);
      if (!loaded || this.room) return this.room ?? loaded;
      const messages = await loadProjectedMessages(this.env.DB, loaded);
      for (const m of messages) this.insertMessage(m, true);
      for (const m of messages)
        if (!isSystemMessage(m)) loaded[m.side === "seller" ? "lastSellerSeq" : "lastBuyerSeq"] = m.seq;
      this.saveRoom(loaded);
      return loaded;
    })().finally(() => (this.loading = null));
    return this.loading;
  }

  private saveRoom(room: StoredChatRoom): void {
    this.room = room;
    this.sql.exec(
      "INSERT INTO room (id, data) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data",
      JSON.stringify(room),
    );
  }

  /** New settings or status: stored, pushed to every socket (each its own view), then projected. */
  private async changeRoom(next: StoredChatRoom): Promise<void> {
    this.saveRoom(next);
    for (const ws of this.ctx.getWebSockets())
      this.sendFrame(ws, { type: "room", room: this.viewFor((ws.deserializeAttachment() as ChatSocketCaller).side) });
    await this.env.DB.batch([roomProjection(this.env.DB, next, this.lastSeq(), Date.now())]);
  }

  private viewFor(side: ChatSide): ChatRoomView {
    return chatRoomView(this.room!, side);
  }

  private lastSeq(): number {
    return this.sql.exec<{ seq: number }>("SELECT coalesce(max(seq), 0) AS seq FROM messages").one().seq;
  }

  // ───────────────────────── messages ─────────────────────────

  /**
   * A send from either door, by a caller already admitted. A stored message is broadcast before anything else happens;
   * `afterFanOut` is the rest (the turn's room frame, translation, the unread notice, D1's projection), which starts
   * once the message is durable, so none of it holds the fan-out back (decision 085).
   */
  private async store(who: ChatCaller, input: ChatSendInput): Promise<StoreResult> {
    const earlier = this.byClientId(who, input.clientMessageId);
    if (earlier) return { ok: true, message: this.messageView(earlier, await this.sign(earlier.medias)), resent: true };
    const draft = { text: input.messageText.text, mediaCount: input.messageMedias.length };
    // A message's time is Comet's (the dev clock's outside production, decision 080), as are the order events beside it.
    const offset = await devClockOffset(this.env);
    let medias: StoredChatMedia[] = [];
    let signed = new Map<string, string>();
    if (input.messageMedias.length > 0) {
      // The rules first (cheap), then the files (R2); the rules again below: another send may have moved on meanwhile.
      const early = this.refusalOf(who, draft, Date.now() + offset);
      if (early) return { ok: false, refusal: early };
      const checked = await this.checkMedias(input.messageMedias);
      if (!checked) return { ok: false, refusal: "invalid_media" };
      medias = checked;
      signed = await this.sign(medias);
    }

    // From here to the broadcast nothing awaits: the check, the seq and the write are one step of the object. The same
    // message may have been stored meanwhile (a resend racing its first send past the awaits above).
    const again = this.byClientId(who, input.clientMessageId);
    if (again) return { ok: true, message: this.messageView(again, signed), resent: true };
    const room = this.room!;
    const now = Date.now() + offset;
    const refusal = this.refusalOf(who, draft, now);
    if (refusal) return { ok: false, refusal };
    const message: StoredChatMessage = {
      seq: this.lastSeq() + 1,
      id: crypto.randomUUID(),
      clientMessageId: input.clientMessageId,
      senderUserAccountId: who.userAccountId,
      side: who.side,
      // Stored as every text is (text.ts): NFC, \n line breaks, trimmed; a blank text with files is no text.
      text: isBlankText(input.messageText.text) ? "" : normalizeText(input.messageText.text),
      languageCode: input.messageText.languageCode,
      medias,
      createdAt: now,
    };
    const buyerBlockedBefore = writeBlockedBy(room, "buyer", room);
    this.insertMessage(message, false);
    this.saveRoom({ ...room, [who.side === "seller" ? "lastSellerSeq" : "lastBuyerSeq"]: message.seq });
    const view = this.messageView(message, signed);
    this.broadcast({ type: "message", message: view });
    return { ok: true, message: view, afterFanOut: this.afterFanOut(message, buyerBlockedBefore) };
  }

  /** What follows a message's fan-out, once the message is durable (and its frames are on their way). */
  private async afterFanOut(message: StoredChatMessage, buyerBlockedBefore: ChatRefusal | null): Promise<void> {
    await this.ctx.storage.sync();
    // Under MODERATE_REPLY a message opens or uses the client's turn: their input follows at once.
    if (writeBlockedBy(this.room!, "buyer", this.room!) !== buyerBlockedBefore) {
      for (const ws of this.ctx.getWebSockets("buyer"))
        this.sendFrame(ws, { type: "room", room: this.viewFor("buyer") });
    }
    // Delivered in its original; its translation follows, paid by the sender (issue 46).
    this.translateForReaders(message);
    this.queueNotice(message);
    await this.projectPending();
  }

  /**
   * The room's rules for this writer and draft, then the sender's pace (CHAT_SEND_LIMIT, over their latest messages)
   * at `now`. A message stamped after `now` was sent while the dev clock ran ahead, since set back: it does not count,
   * or the sender would wait for the real time to catch up.
   */
  private refusalOf(who: ChatCaller, draft: { text: string; mediaCount: number }, now: number): ChatRefusal | null {
    const sends = this.latestSendTimes(who.userAccountId).filter((sentAt) => sentAt <= now);
    return sendRefusal(this.room!, who.side, this.room!, draft) ?? sendRateRefusal(sends, now);
  }

  /**
   * When the sender's last CHAT_SEND_LIMIT.messages messages were stored: kept in memory as they are stored, read
   * from storage the first time after the object wakes (hibernation forgets the memory, never the messages).
   */
  private latestSendTimes(sender: string): number[] {
    let times = this.sendTimes.get(sender);
    if (!times) {
      times = this.sql
        .exec<{ created_at: number }>(
          "SELECT created_at FROM messages WHERE sender = ? ORDER BY seq DESC LIMIT ?",
          sender,
          CHAT_SEND_LIMIT.messages,
        )
        .toArray()
        .map((row) => Number(row.created_at))
        .reverse();
      this.sendTimes.set(sender, times);
    }
    return times;
  }

  private insertMessage(m: StoredRoomMessage, projected: boolean): void {
    const system = isSystemMessage(m);
    const sendTimes = system ? undefined : this.sendTimes.get(m.senderUserAccountId);
    if (sendTimes) sendTimes.splice(0, sendTimes.push(m.createdAt) - CHAT_SEND_LIMIT.messages);
    this.sql.exec(
      "INSERT INTO messages (seq, id, client_message_id, sender, side, text, language_code, medias, created_at, projected, translations) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      m.seq,
      m.id,
      m.clientMessageId,
      system ? SYSTEM_SENDER : m.senderUserAccountId,
      m.side,
      system ? JSON.stringify(m.notice) : m.text,
      system ? "" : m.languageCode,
      system ? "[]" : JSON.stringify(m.medias),
      m.createdAt,
      projected ? 1 : 0,
      system || !m.translations ? null : JSON.stringify(m.translations),
    );
  }

  private byClientId(who: ChatCaller, clientMessageId: string): StoredChatMessage | null {
    const row = this.sql
      .exec<MessageRow>(
        "SELECT * FROM messages WHERE sender = ? AND client_message_id = ?",
        who.userAccountId,
        clientMessageId,
      )
      .toArray()[0];
    const stored = row ? toStored(row) : null;
    return stored && !isSystemMessage(stored) ? stored : null;
  }

  /**
   * The message's medias as stored, in the schema's (shown) order. Links and embeds the schema has rebuilt; files
   * named by URL must each lie in this order's chat folder (either party uploads there) and pass their upload rule
   * again (`checkAttachment` re-sniffs the stored bytes, as for deliverables). Null when any file does not.
   */
  private async checkMedias(medias: readonly ChatMediaInput[]): Promise<StoredChatMedia[] | null> {
    const checked: StoredChatMedia[] = [];
    for (const media of medias) {
      if (media.formatType !== "FILE") {
        const { entry } = media;
        checked.push({
          formatType: media.formatType,
          id: crypto.randomUUID(),
          name: media.name,
          mediaType: entry.mediaType,
          site: entry.site,
          url: entry.url ?? "",
          code: entry.code,
          thumbnailUrl: entry.thumbnailUrl,
        });
        continue;
      }
      const key = parseMediaKey(media.url);
      if (!key) return null;
      const inFolder =
        key.domain === "commission-order" && key.id === this.room!.orderId && key.field === "chat_medias";
      const result = await checkAttachment(this.env.MEDIA, key, () => inFolder);
      if (!result.ok) return null;
      const id = key.file.slice(0, key.file.lastIndexOf("."));
      checked.push({
        formatType: "FILE",
        id,
        key: key.key,
        name: media.name ?? key.file,
        mediaType: mediaTypeOf(result.mimeType),
        fileType: result.mimeType,
        fileSize: result.size,
      });
    }
    return checked;
  }

  /** The other party hears of a message only while they are not in the room, once until they read (decision 027). */
  private queueNotice(message: StoredChatMessage): void {
    const room = this.room!;
    const recipient = otherSide(message.side);
    if (this.ctx.getWebSockets(recipient).length > 0) return;
    const key = unreadNoticeKey(room.id, recipient, recipient === "seller" ? room.sellerReadSeq : room.buyerReadSeq);
    const sender = message.side === "seller" ? room.seller : room.buyer;
    if (!this.notices.has(key))
      this.notices.set(
        key,
        unreadNoticeStatement(this.env.DB, room, recipient, sender.profileId, key, message.createdAt),
      );
  }

  /**
   * Writes D1's projection of every message not yet projected; resolves once the message just stored is in D1. Calls
   * queue behind each other, and each flush takes everything pending, so a burst makes a few batches, not one each.
   */
  private projectPending(): Promise<void> {
    if (!this.safetyAlarmArmed) {
      this.safetyAlarmArmed = true;
      this.ctx.waitUntil(this.ctx.storage.setAlarm(Date.now() + PROJECTION_SAFETY_MS));
    }
    const run = this.projecting.then(() => this.flushProjection(false));
    this.projecting = run.catch(() => undefined);
    return run;
  }

  /** D1's rows for pending messages and notices, then marked projected; on failure the alarm tries again (or throws). */
  private async flushProjection(rethrow: boolean): Promise<void> {
    const d1 = this.env.DB;
    for (;;) {
      const rows = this.sql
        .exec<MessageRow>(
          "SELECT * FROM messages WHERE projected = 0 OR translations_projected = 0 ORDER BY seq LIMIT ?",
          PROJECTION_BATCH,
        )
        .toArray();
      const pending = rows.map(toStored);
      const notices = [...this.notices.values()];
      if (pending.length === 0 && notices.length === 0) return;
      this.notices.clear();
      try {
        await d1.batch([
          // A message projected before its translation landed gets only the translation's UPDATE.
          ...pending.flatMap((m, i) =>
            rows[i].projected === 0 || isSystemMessage(m)
              ? messageProjection(d1, this.room!, m)
              : [translationProjection(d1, m)],
          ),
          roomProjection(d1, this.room!, this.lastSeq(), Date.now()),
          ...notices,
        ]);
      } catch (error) {
        console.error("chat projection failed; retrying from the alarm", error);
        await this.ctx.storage.setAlarm(Date.now() + PROJECTION_RETRY_MS);
        if (rethrow) throw error;
        return;
      }
      // A translation that landed while the batch was on its way is projected by the next flush.
      for (const row of rows)
        this.sql.exec(
          "UPDATE messages SET projected = 1, translations_projected = CASE WHEN translations IS ? THEN 1 ELSE 0 END WHERE seq = ?",
          row.translations,
          row.seq,
        );
      if (notices.length) emailNewNotificationsSoon(this.env, (work) => this.ctx.waitUntil(work));
    }
  }

  private async markRead(side: ChatSide, seq: number): Promise<void> {
    const room = this.room!;
    const key = side === "seller" ? "sellerReadSeq" : "buyerReadSeq";
    const next = nextReadSeq(room[key], seq, this.lastSeq());
    if (next === room[key]) return;
    this.saveRoom({ ...room, [key]: next });
    this.broadcast({ type: "read", side, seq: next });
    const now = Date.now();
    await this.env.DB.batch([
      roomProjection(this.env.DB, this.room!, this.lastSeq(), now),
      readNoticesStatement(this.env.DB, this.room!, side, now),
    ]);
  }

  // ───────────────────────── translations ─────────────────────────

  /**
   * After a message's fan-out (issue 46, decision 078): its translation into each language the other party reads in,
   * their interface language (their account's, in D1) and the locales of their open pages, other than its own. Paid
   * from the sender's share. Nothing waits for it: the message was delivered in its original already.
   */
  private translateForReaders(message: StoredChatMessage): void {
    // A text with no letters (a link, an emoji) needs nothing, and asks nothing of D1.
    if (!message.text || detectTextLanguage(message.text) === null) return;
    const reader = otherSide(message.side);
    const person = reader === "seller" ? this.room!.seller : this.room!.buyer;
    const pageLocales = this.ctx
      .getWebSockets(reader)
      .map((ws) => (ws.deserializeAttachment() as ChatSocketCaller).locale);
    this.ctx.waitUntil(
      (async () => {
        const language = await readingLanguageOf(this.env.DB, person.userAccountId).catch(() => null);
        const targets = chatTranslationTargets(message.text, [...(language ? [language] : []), ...pageLocales]);
        await Promise.all(targets.map((locale) => this.translateInto(message, locale, message.senderUserAccountId)));
      })(),
    );
  }

  /**
   * A reader's `translate`: the other party's message into the language of the asker's page, when it has none.
   * Paid from the asker's own share, never the writer's, so a reader retrying without end spends only their own
   * (and a text already translated, here or anywhere, costs nothing: it is stored by content). One already made goes
   * back to the asking socket alone; one being made now is not started twice.
   */
  private async retryTranslation(ws: WebSocket, who: ChatSocketCaller, seq: number): Promise<void> {
    const target = this.translationTarget(who, seq, who.locale);
    if (!target) return;
    const translations = target.message.translations ?? NO_CHAT_TRANSLATIONS;
    if (translations.texts[target.locale] !== undefined)
      return this.sendFrame(ws, this.translationFrame(target.message, translations));
    await this.translateInto(target.message, target.locale, who.userAccountId);
  }

  /**
   * POST /api/features/chat/message/translate: the retry for a page whose socket is down, on the same terms as the
   * frame. Answers the message's texts once the attempt is over (every open socket has its `translation` frame too).
   */
  async translate(caller: ChatCaller, seq: number, locale: string): Promise<ChatResult<ChatTranslationUpdate>> {
    if (!(await this.admit(caller))) return NOT_FOUND;
    const target = this.translationTarget(caller, seq, locale);
    if (target && (target.message.translations ?? NO_CHAT_TRANSLATIONS).texts[target.locale] === undefined)
      await this.translateInto(target.message, target.locale, caller.userAccountId);
    const row = this.sql.exec<MessageRow>("SELECT * FROM messages WHERE seq = ?", seq).toArray()[0];
    const message = row ? toStored(row) : null;
    if (!message || isSystemMessage(message)) return NOT_FOUND;
    return {
      ok: true,
      value: {
        seq,
        ...chatMessageTexts(message.text, message.languageCode, message.translations ?? NO_CHAT_TRANSLATIONS),
      },
    };
  }

  /** The other party's message `seq` and the asker's language, when that message has something to translate into it. */
  private translationTarget(
    who: ChatCaller,
    seq: number,
    locale: string,
  ): { message: StoredChatMessage; locale: Locale } | null {
    if (!isLocale(locale)) return null;
    const row = this.sql.exec<MessageRow>("SELECT * FROM messages WHERE seq = ?", seq).toArray()[0];
    const message = row ? toStored(row) : null;
    if (!message || isSystemMessage(message) || message.side === who.side) return null;
    return chatTranslationTargets(message.text, [locale]).length > 0 ? { message, locale } : null;
  }

  /**
   * One translation of a stored message: made (or found stored) by the translations service, kept with the message
   * (or, failing, the language marked untranslated), sent to every socket, then projected to D1. Never throws.
   */
  private async translateInto(message: StoredChatMessage, locale: Locale, payerAccountId: string): Promise<void> {
    const key = `${message.seq}:${locale}`;
    if (this.translating.has(key)) return;
    this.translating.add(key);
    try {
      const reading = await readingFor(createDb(this.env.DB), translatorFor(this.env), translationBudgetOf(this.env), {
        text: message.text,
        reader: locale,
        writerAccountId: payerAccountId,
        now: Date.now(),
      });
      // As written, foreign, or being made by another request (which stores it): nothing for the room to keep.
      if (reading.kind === "original" || reading.kind === "foreign" || reading.kind === "making") return;
      // Read again: another language's translation may have landed meanwhile.
      const row = this.sql
        .exec<{ translations: string | null }>("SELECT translations FROM messages WHERE seq = ?", message.seq)
        .toArray()[0];
      const next = withChatTranslation(
        parseChatTranslations(row?.translations),
        locale,
        reading.kind === "translated" ? reading.text : null,
      );
      this.sql.exec(
        "UPDATE messages SET translations = ?, translations_projected = 0 WHERE seq = ?",
        JSON.stringify(next),
        message.seq,
      );
      this.broadcast(this.translationFrame(message, next));
      await this.projectPending();
    } catch (error) {
      console.warn("chat translation failed", error);
    } finally {
      this.translating.delete(key);
    }
  }

  private translationFrame(message: StoredChatMessage, translations: ChatTranslations): ChatServerFrame {
    return {
      type: "translation",
      seq: message.seq,
      ...chatMessageTexts(message.text, message.languageCode, translations),
    };
  }

  // ───────────────────────── views and frames ─────────────────────────

  /**
   * Signed read URLs for these files (private to the two parties); one per file, whoever reads it: it names no reader,
   * so it opens only with the session of a party allowed to read it at that moment (decision 059). Links need none.
   */
  private async sign(medias: StoredChatMedia[]): Promise<Map<string, string>> {
    const now = Date.now();
    const files = medias.filter(isStoredFile);
    const urls = await Promise.all(
      files.map(
        async (m) => [m.key, (await signReadUrl(this.env, m.key, null, { now, shownIn: "page" })).url] as const,
      ),
    );
    return new Map(urls);
  }

  private messageView(m: StoredRoomMessage, signed: Map<string, string>): ChatMessageView {
    if (isSystemMessage(m))
      return {
        id: m.id,
        seq: m.seq,
        roomId: this.room!.id,
        clientMessageId: m.clientMessageId,
        sender: null,
        notice: m.notice,
        messageTexts: [],
        untranslated: [],
        messageMedias: [],
        createdAt: m.createdAt,
      };
    const sender = m.side === "seller" ? this.room!.seller : this.room!.buyer;
    return {
      id: m.id,
      seq: m.seq,
      roomId: this.room!.id,
      clientMessageId: m.clientMessageId,
      sender: { userAccountId: m.senderUserAccountId, side: m.side, name: sender.name, avatarUrl: sender.avatarUrl },
      notice: null,
      ...chatMessageTexts(m.text, m.languageCode, m.translations ?? NO_CHAT_TRANSLATIONS),
      messageMedias: m.medias.map((media, userIndex) => mediaView(media, userIndex, signed)),
      createdAt: m.createdAt,
    };
  }

  private broadcast(frame: ChatServerFrame): void {
    const payload = JSON.stringify(frame);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(payload);
      } catch {
        // A socket closing meanwhile misses nothing it cannot catch up on (getList after its last seq).
      }
    }
  }

  /** The socket's door words a refusal in the language its page was opened in, as the API does for HTTP. */
  private sendRefusal(ws: WebSocket, who: ChatSocketCaller, clientMessageId: string, error: ChatRefusal): void {
    this.sendFrame(ws, { type: "refused", clientMessageId, error, message: chatRefusalMessage(error, who.locale) });
  }

  private sendFrame(ws: WebSocket, frame: ChatServerFrame): void {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      // See broadcast.
    }
  }
}

const NOT_FOUND = { ok: false, refusal: "not_found" } as const;

function toStored(row: MessageRow): StoredRoomMessage {
  if (row.side === "system")
    return {
      seq: Number(row.seq),
      id: row.id,
      clientMessageId: row.client_message_id ?? "",
      side: "system",
      notice: JSON.parse(row.text) as ChatSystemNotice,
      createdAt: Number(row.created_at),
    };
  return {
    seq: Number(row.seq),
    id: row.id,
    clientMessageId: row.client_message_id,
    senderUserAccountId: row.sender,
    side: row.side,
    text: row.text,
    languageCode: row.language_code,
    medias: JSON.parse(row.medias) as StoredChatMedia[],
    translations: parseChatTranslations(row.translations),
    createdAt: Number(row.created_at),
  };
}

function mediaView(media: StoredChatMedia, userIndex: number, signed: Map<string, string>): ChatMediaView {
  if (!isStoredFile(media)) {
    const { id, name, mediaType, formatType, url, site, code, thumbnailUrl } = media;
    return {
      id,
      name,
      mediaType,
      formatType,
      url,
      site,
      code,
      thumbnailUrl,
      fileType: null,
      fileSize: null,
      userIndex,
    };
  }
  const url = signed.get(media.key) ?? "";
  return {
    id: media.id,
    name: media.name,
    mediaType: media.mediaType,
    formatType: "FILE",
    url,
    site: null,
    code: null,
    thumbnailUrl: media.mediaType === "IMAGE" ? url : null,
    fileType: media.fileType,
    fileSize: media.fileSize,
    userIndex,
  };
}

type ParsedFrame =
  | { frame: v.InferOutput<typeof chatClientFrameSchema> }
  | { refused: { clientMessageId: string; error: ChatRefusal } };

/**
 * A browser frame by the send schema both doors share; a send whose link, embed or file list is refused answers
 * with why (when it names its clientMessageId); anything else no page of ours sends is ignored (null).
 */
function parseFrame(data: string | ArrayBuffer): ParsedFrame | null {
  let raw: unknown;
  try {
    raw = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data));
  } catch {
    return null;
  }
  const parsed = v.safeParse(chatClientFrameSchema, raw);
  if (parsed.success) return { frame: parsed.output };
  const error = chatSendRefusal(parsed.issues);
  const clientMessageId = (raw as { clientMessageId?: unknown } | null)?.clientMessageId;
  if (!error || typeof clientMessageId !== "string" || clientMessageId.length === 0 || clientMessageId.length > 64)
    return null;
  return { refused: { clientMessageId, error } };
}
