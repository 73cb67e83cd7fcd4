// One order chat room's connection, without React: the history (newest page first, older pages on demand), the live
// WebSocket (/ws/chat/{roomId}) reconnected with backoff after a drop or a deploy, the catch-up after each
// (re)connection so nothing is missed or doubled, optimistic sends confirmed by their clientMessageId (over the socket,
// or over HTTP while it is down), and the viewer's read marker. What the panel shows is one immutable snapshot, replaced
// on every change, for `useSyncExternalStore` (use-chat-room.ts). The bookkeeping rules are in chat-timeline.ts; the wire
// shapes in chat-protocol.ts.
import {
  CHAT_PING,
  type ChatClientFrame,
  type ChatMessageView,
  type ChatRoomView,
  type ChatServerFrame,
} from "#worker/chat/domain/chat-protocol";
import { listMessages, markRoomRead, requestTranslation, submitMessage } from "./chat-api";
import {
  lastContiguousSeq,
  mergeMessages,
  reconnectDelay,
  unconfirmed,
  untranslatedSeqs,
  withTranslation,
  type PendingMessage,
} from "./chat-timeline";

/** More missed pages than this after a reconnect: the panel stops there (the rest comes with the next sync). */
const CATCH_UP_MAX_PAGES = 20;
/**
 * A ping this often while the socket is open; a socket that has said nothing since the previous ping is taken as
 * dead (a network that vanished without a close) and replaced. The room answers pings without waking.
 */
const KEEP_ALIVE_MS = 25_000;

export type ChatConnection = "connecting" | "open" | "offline";

/** What the panel renders. */
export interface ChatRoomSnapshot {
  room: ChatRoomView;
  messages: readonly ChatMessageView[];
  pending: readonly PendingMessage[];
  /** The first history page has arrived. */
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  connection: ChatConnection;
  /**
   * How many times each message's translations have come back (a `translation` frame, or a retry that could not be
   * sent), by seq: its reading starts over from what the room says, even when that is "unavailable" again.
   */
  translationRounds: Readonly<Record<number, number>>;
}

/** `onFailed` hears of a send the room refused or that could not be delivered (with the room's words, when it gave any). */
export type ChatSendFailed = (send: PendingMessage, message: string | null) => void;

export class ChatRoomConnection {
  private snapshot: ChatRoomSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly roomId: string;
  /** Sends going over HTTP: a reconnect does not send them again over the socket. */
  private readonly overHttp = new Set<string>();
  private socket: WebSocket | null = null;
  /** The room said hello on this socket: until then a send goes over HTTP. */
  private socketReady = false;
  /** The highest seq the room is known to have (a hello's lastSeq, a live message). */
  private targetSeq = 0;
  private syncing = false;
  private syncAgain = false;
  /** A new socket said hello: once caught up, unconfirmed socket sends go out again on it. */
  private resendAfterSync = false;
  private lastReadSent: number;
  /** Messages whose translation this page has asked the room for once already (issue 46). */
  private readonly askedTranslation = new Set<number>();

  constructor(
    initialRoom: ChatRoomView,
    private readonly onFailed: ChatSendFailed,
    /** The page's language: the one the room translates into for this reader. */
    private readonly locale: string,
  ) {
    this.roomId = initialRoom.id;
    this.lastReadSent = initialRoom.lastReadSeq[initialRoom.viewerSide];
    this.snapshot = {
      room: initialRoom,
      messages: [],
      pending: [],
      loaded: false,
      hasOlder: false,
      loadingOlder: false,
      connection: "connecting",
      translationRounds: {},
    };
  }

  // ───────────────────────── for useSyncExternalStore ─────────────────────────

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ChatRoomSnapshot => this.snapshot;

  private update(patch: Partial<ChatRoomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  // ───────────────────────── the socket ─────────────────────────

  /**
   * Loads the history, opens the socket and keeps it open (reconnecting with backoff, at once when the browser is back
   * online or the tab visible again) until the returned stop is called. May be started again after a stop.
   */
  readonly start = (): (() => void) => {
    let disposed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Something came on the socket since the last keep-alive ping. */
    let heard = true;

    const connect = () => {
      clearTimeout(timer);
      if (disposed) return;
      this.update({ connection: "connecting" });
      const socket = new WebSocket(
        `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/chat/${encodeURIComponent(this.roomId)}`,
      );
      this.socket = socket;
      this.socketReady = false;
      socket.onmessage = (event) => {
        heard = true;
        let frame: ChatServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as ChatServerFrame;
        } catch {
          return;
        }
        if (frame.type === "hello" && this.socket === socket) {
          attempt = 0;
          this.socketReady = true;
          this.update({ connection: "open" });
        }
        this.onFrame(frame);
      };
      socket.onclose = () => {
        if (this.socket !== socket) return;
        this.socket = null;
        this.socketReady = false;
        if (disposed) return;
        this.update({ connection: "offline" });
        timer = setTimeout(connect, reconnectDelay(attempt++, Math.random()));
      };
    };
    // Back online (or back to the tab): no need to wait out the backoff.
    const retryNow = () => {
      if (!this.socket && document.visibilityState === "visible") {
        attempt = 0;
        connect();
      }
    };

    const keepAlive = setInterval(() => {
      const socket = this.socket;
      if (!socket || !this.socketReady) return;
      if (!heard) return socket.close(4000, "no answer");
      heard = false;
      socket.send(CHAT_PING);
    }, KEEP_ALIVE_MS);

    void this.sync();
    connect();
    window.addEventListener("online", retryNow);
    document.addEventListener("visibilitychange", retryNow);
    return () => {
      disposed = true;
      clearTimeout(timer);
      clearInterval(keepAlive);
      window.removeEventListener("online", retryNow);
      document.removeEventListener("visibilitychange", retryNow);
      const socket = this.socket;
      this.socket = null;
      this.socketReady = false;
      socket?.close(1000);
    };
  };

  private onFrame(frame: ChatServerFrame): void {
    if (frame.type === "hello") {
      this.update({ room: frame.room });
      this.targetSeq = Math.max(this.targetSeq, frame.lastSeq);
      this.resendAfterSync = true;
      void this.sync();
    } else if (frame.type === "message") {
      this.absorb([frame.message]);
      // A gap before it (frames lost while reconnecting): fetch what is missing.
      if (lastContiguousSeq(this.snapshot.messages) < this.targetSeq) void this.sync();
    } else if (frame.type === "refused") {
      const send = this.snapshot.pending.find((p) => p.clientMessageId === frame.clientMessageId);
      if (!send) return;
      this.update({ pending: this.snapshot.pending.filter((p) => p !== send) });
      this.onFailed(send, frame.message);
    } else if (frame.type === "translation") {
      this.update({
        messages: withTranslation(this.snapshot.messages, frame),
        translationRounds: this.nextRound(frame.seq),
      });
    } else if (frame.type === "room") {
      this.update({ room: frame.room });
    } else if (frame.type === "read") {
      const { room } = this.snapshot;
      this.update({
        room: {
          ...room,
          lastReadSeq: { ...room.lastReadSeq, [frame.side]: Math.max(room.lastReadSeq[frame.side], frame.seq) },
        },
      });
    }
  }

  private sendFrame(frame: ChatClientFrame): boolean {
    const socket = this.socket;
    if (!this.socketReady || socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  // ───────────────────────── translations ─────────────────────────

  private nextRound(seq: number): Record<number, number> {
    const rounds = this.snapshot.translationRounds;
    return { ...rounds, [seq]: (rounds[seq] ?? 0) + 1 };
  }

  /**
   * The reader's retry after "Translation unavailable": the room tries again for this page's language (paid from the
   * reader's own share) and answers with a `translation` frame, or, while the socket is down, over HTTP. When neither
   * answers, the mark comes back as it was.
   */
  readonly translate = async (seq: number): Promise<void> => {
    this.askedTranslation.add(seq);
    if (this.sendFrame({ type: "translate", seq })) return;
    const outcome = await requestTranslation(this.roomId, seq);
    const messages = outcome.ok
      ? withTranslation(this.snapshot.messages, { type: "translation", ...outcome.value })
      : this.snapshot.messages;
    this.update({ messages, translationRounds: this.nextRound(seq) });
  };

  /**
   * Messages from history or a catch-up that have no translation for this reader yet (written while the reader read
   * in another language, or the room stopped before it made one): asked for once each. A live message is not: the
   * room is already at it.
   */
  private askMissingTranslations(): void {
    if (!this.socketReady) return;
    const { messages, room } = this.snapshot;
    for (const seq of untranslatedSeqs(messages, this.locale, room.viewerSide))
      if (!this.askedTranslation.has(seq)) {
        this.askedTranslation.add(seq);
        this.sendFrame({ type: "translate", seq });
      }
  }

  // ───────────────────────── messages ─────────────────────────

  /** Messages from any source, merged in seq order; the sends they confirm leave `pending`. */
  private absorb(incoming: readonly ChatMessageView[]): void {
    const { pending, messages } = this.snapshot;
    const waiting = unconfirmed(pending, incoming);
    if (waiting.length !== pending.length) this.update({ pending: waiting });
    for (const message of incoming) this.targetSeq = Math.max(this.targetSeq, message.seq);
    const next = mergeMessages(messages, incoming);
    if (next !== messages) this.update({ messages: next });
  }

  /**
   * Brings the panel up to the room's last seq: the newest page first if it has none, then every page after the
   * last message it holds without a gap. One at a time; a call during a sync makes it run once more.
   */
  private async sync(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.syncing = true;
    try {
      do {
        this.syncAgain = false;
        if (!this.snapshot.loaded) {
          const page = await listMessages(this.roomId);
          // Tried again only when asked again (the next hello), never in a tight loop.
          if (!page.ok) continue;
          this.targetSeq = Math.max(this.targetSeq, page.value.lastSeq);
          this.absorb(page.value.messages);
          this.update({ hasOlder: page.value.hasMore, loaded: true });
        }
        for (
          let pages = 0;
          pages < CATCH_UP_MAX_PAGES && lastContiguousSeq(this.snapshot.messages) < this.targetSeq;
          pages++
        ) {
          const page = await listMessages(this.roomId, { after: lastContiguousSeq(this.snapshot.messages) });
          if (!page.ok || page.value.messages.length === 0) break;
          this.targetSeq = Math.max(this.targetSeq, page.value.lastSeq);
          this.absorb(page.value.messages);
        }
      } while (this.syncAgain);
    } finally {
      this.syncing = false;
    }
    this.askMissingTranslations();
    // Sends the socket took but never confirmed (it dropped first): the same clientMessageId stores nothing twice.
    if (this.resendAfterSync && this.socketReady) {
      this.resendAfterSync = false;
      for (const send of this.snapshot.pending)
        if (!this.overHttp.has(send.clientMessageId)) this.sendFrame(frameOf(send));
    }
  }

  /** The page of messages before the oldest one held. */
  readonly loadOlder = async (): Promise<void> => {
    const oldest = this.snapshot.messages[0]?.seq;
    if (oldest === undefined || this.snapshot.loadingOlder) return;
    this.update({ loadingOlder: true });
    const page = await listMessages(this.roomId, { before: oldest });
    if (page.ok) {
      this.absorb(page.value.messages);
      this.update({ hasOlder: page.value.hasMore });
      this.askMissingTranslations();
    }
    this.update({ loadingOlder: false });
  };

  /** Shown at once as pending; over the socket when it is open, else over HTTP (the same rules on the server). */
  readonly send = async (text: string, medias: PendingMessage["medias"], languageCode: string): Promise<void> => {
    // Each attachment is sent with its place, so the room shows them in the order they were added.
    const placed = medias.map((media, userIndex) => ({ ...media, userIndex }));
    const message: PendingMessage = {
      clientMessageId: crypto.randomUUID(),
      text,
      medias: placed,
      languageCode,
      createdAt: Date.now(),
    };
    this.update({ pending: [...this.snapshot.pending, message] });
    if (this.sendFrame(frameOf(message))) return;
    this.overHttp.add(message.clientMessageId);
    const outcome = await submitMessage({
      chatRoomId: this.roomId,
      clientMessageId: message.clientMessageId,
      messageText: { text, languageCode },
      messageMedias: placed,
    });
    this.overHttp.delete(message.clientMessageId);
    if (outcome.ok) return this.absorb([outcome.value]);
    this.update({ pending: this.snapshot.pending.filter((p) => p.clientMessageId !== message.clientMessageId) });
    this.onFailed(message, outcome.message);
  };

  /** The viewer has seen up to `seq`: shown at once, told to the room once per new seq. */
  readonly markRead = (seq: number): void => {
    if (seq <= this.lastReadSent) return;
    this.lastReadSent = seq;
    const { room } = this.snapshot;
    this.update({
      room: {
        ...room,
        lastReadSeq: { ...room.lastReadSeq, [room.viewerSide]: Math.max(room.lastReadSeq[room.viewerSide], seq) },
      },
    });
    if (!this.sendFrame({ type: "read", seq })) void markRoomRead(this.roomId, seq);
  };
}

function frameOf(send: PendingMessage): ChatClientFrame {
  return {
    type: "send",
    clientMessageId: send.clientMessageId,
    messageText: { text: send.text, languageCode: send.languageCode },
    messageMedias: send.medias,
  };
}
