// One order chat room as the panel sees it: the history (newest page first, older pages on demand), the live
// WebSocket (/ws/chat/{roomId}) reconnected with backoff after a drop or a deploy, the catch-up after each
// (re)connection so nothing is missed or doubled, optimistic sends confirmed by their clientMessageId, and the
// viewer's read marker. The bookkeeping rules are in chat-timeline.ts; the wire shapes in chat-protocol.ts.
import { useCallback, useEffect, useRef, useState } from "react";
import { CHAT_PING, type ChatClientFrame, type ChatMessageView, type ChatRoomView, type ChatServerFrame } from "../../../worker/domain/chat-protocol";
import { listMessages, markRoomRead, submitMessage } from "./chat-api";
import { lastContiguousSeq, mergeMessages, reconnectDelay, unconfirmed, type PendingMessage } from "./chat-timeline";

/** More missed pages than this after a reconnect: the panel stops there (the rest comes with the next sync). */
const CATCH_UP_MAX_PAGES = 20;
/**
 * A ping this often while the socket is open; a socket that has said nothing since the previous ping is taken as
 * dead (a network that vanished without a close) and replaced. The room answers pings without waking.
 */
const KEEP_ALIVE_MS = 25_000;

export type ChatConnection = "connecting" | "open" | "offline";

export interface ChatRoomState {
  room: ChatRoomView;
  messages: readonly ChatMessageView[];
  pending: readonly PendingMessage[];
  /** The first history page has arrived. */
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  connection: ChatConnection;
  loadOlder: () => void;
  send: (text: string, medias: PendingMessage["medias"], languageCode: string) => void;
  markRead: (seq: number) => void;
}

/** `onFailed` hears of a send the room refused or that could not be delivered (its text goes back in the input). */
export function useChatRoom(initialRoom: ChatRoomView, onFailed: (send: PendingMessage, message: string | null) => void): ChatRoomState {
  const roomId = initialRoom.id;
  const [room, setRoom] = useState(initialRoom);
  const [messages, setMessages] = useState<readonly ChatMessageView[]>([]);
  const [pending, setPending] = useState<readonly PendingMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [connection, setConnection] = useState<ChatConnection>("connecting");

  // What async work reads: the latest values, not the ones of the render that started it.
  const live = useRef({
    messages: [] as readonly ChatMessageView[],
    pending: [] as readonly PendingMessage[],
    /** Sends going over HTTP: a reconnect does not send them again over the socket. */
    overHttp: new Set<string>(),
    socket: null as WebSocket | null,
    /** The room said hello on this socket: until then a send goes over HTTP. */
    socketReady: false,
    loaded: false,
    /** The highest seq the room is known to have (a hello's lastSeq, a live message). */
    targetSeq: 0,
    syncing: false,
    syncAgain: false,
    /** A new socket said hello: once caught up, unconfirmed socket sends go out again on it. */
    resendAfterSync: false,
    lastReadSent: initialRoom.lastReadSeq[initialRoom.viewerSide],
  });
  const onFailedRef = useRef(onFailed);
  onFailedRef.current = onFailed;

  const setPendingBoth = useCallback((next: readonly PendingMessage[]) => {
    live.current.pending = next;
    setPending(next);
  }, []);

  const absorb = useCallback((incoming: readonly ChatMessageView[]) => {
    const state = live.current;
    const waiting = unconfirmed(state.pending, incoming);
    if (waiting.length !== state.pending.length) setPendingBoth(waiting);
    for (const message of incoming) state.targetSeq = Math.max(state.targetSeq, message.seq);
    const next = mergeMessages(state.messages, incoming);
    if (next === state.messages) return;
    state.messages = next;
    setMessages(next);
  }, [setPendingBoth]);

  const sendFrame = useCallback((frame: ChatClientFrame) => {
    const socket = live.current.socket;
    if (!live.current.socketReady || socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }, []);

  const frameOf = (send: PendingMessage): ChatClientFrame => ({
    type: "send",
    clientMessageId: send.clientMessageId,
    messageText: { text: send.text, languageCode: send.languageCode },
    messageMedias: send.medias,
  });

  /**
   * Brings the panel up to the room's last seq: the newest page first if it has none, then every page after the
   * last message it holds without a gap. One at a time; a call during a sync makes it run once more.
   */
  const sync = useCallback(async () => {
    const state = live.current;
    if (state.syncing) {
      state.syncAgain = true;
      return;
    }
    state.syncing = true;
    try {
      do {
        state.syncAgain = false;
        if (!state.loaded) {
          const page = await listMessages(roomId);
          // Tried again only when asked again (the next hello), never in a tight loop.
          if (!page.ok) continue;
          state.targetSeq = Math.max(state.targetSeq, page.value.lastSeq);
          absorb(page.value.messages);
          setHasOlder(page.value.hasMore);
          state.loaded = true;
          setLoaded(true);
        }
        for (let pages = 0; pages < CATCH_UP_MAX_PAGES && lastContiguousSeq(state.messages) < state.targetSeq; pages++) {
          const page = await listMessages(roomId, { after: lastContiguousSeq(state.messages) });
          if (!page.ok || page.value.messages.length === 0) break;
          state.targetSeq = Math.max(state.targetSeq, page.value.lastSeq);
          absorb(page.value.messages);
        }
      } while (state.syncAgain);
    } finally {
      state.syncing = false;
    }
    // Sends the socket took but never confirmed (it dropped first): the same clientMessageId stores nothing twice.
    if (state.resendAfterSync && state.socketReady) {
      state.resendAfterSync = false;
      for (const send of state.pending) if (!state.overHttp.has(send.clientMessageId)) sendFrame(frameOf(send));
    }
  }, [roomId, absorb, sendFrame]);

  const onFrame = useCallback(
    (frame: ChatServerFrame) => {
      const state = live.current;
      if (frame.type === "hello") {
        setRoom(frame.room);
        state.targetSeq = Math.max(state.targetSeq, frame.lastSeq);
        state.resendAfterSync = true;
        void sync();
      } else if (frame.type === "message") {
        absorb([frame.message]);
        // A gap before it (frames lost while reconnecting): fetch what is missing.
        if (lastContiguousSeq(state.messages) < state.targetSeq) void sync();
      } else if (frame.type === "refused") {
        const send = state.pending.find((p) => p.clientMessageId === frame.clientMessageId);
        if (!send) return;
        setPendingBoth(state.pending.filter((p) => p !== send));
        onFailedRef.current(send, frame.message);
      } else if (frame.type === "room") {
        setRoom(frame.room);
      } else if (frame.type === "read") {
        setRoom((current) => ({ ...current, lastReadSeq: { ...current.lastReadSeq, [frame.side]: Math.max(current.lastReadSeq[frame.side], frame.seq) } }));
      }
    },
    [absorb, setPendingBoth, sync],
  );

  useEffect(() => {
    const state = live.current;
    let disposed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Something came on the socket since the last keep-alive ping. */
    let heard = true;

    const connect = () => {
      clearTimeout(timer);
      if (disposed) return;
      setConnection("connecting");
      const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/chat/${encodeURIComponent(roomId)}`);
      state.socket = socket;
      state.socketReady = false;
      socket.onmessage = (event) => {
        heard = true;
        let frame: ChatServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as ChatServerFrame;
        } catch {
          return;
        }
        if (frame.type === "hello" && state.socket === socket) {
          attempt = 0;
          state.socketReady = true;
          setConnection("open");
        }
        onFrame(frame);
      };
      socket.onclose = () => {
        if (state.socket !== socket) return;
        state.socket = null;
        state.socketReady = false;
        if (disposed) return;
        setConnection("offline");
        timer = setTimeout(connect, reconnectDelay(attempt++, Math.random()));
      };
    };
    // Back online (or back to the tab): no need to wait out the backoff.
    const retryNow = () => {
      if (!state.socket && document.visibilityState === "visible") {
        attempt = 0;
        connect();
      }
    };

    const keepAlive = setInterval(() => {
      const socket = state.socket;
      if (!socket || !state.socketReady) return;
      if (!heard) return socket.close(4000, "no answer");
      heard = false;
      socket.send(CHAT_PING);
    }, KEEP_ALIVE_MS);

    void sync();
    connect();
    window.addEventListener("online", retryNow);
    document.addEventListener("visibilitychange", retryNow);
    return () => {
      disposed = true;
      clearTimeout(timer);
      clearInterval(keepAlive);
      window.removeEventListener("online", retryNow);
      document.removeEventListener("visibilitychange", retryNow);
      const socket = state.socket;
      state.socket = null;
      state.socketReady = false;
      socket?.close(1000);
    };
  }, [roomId, onFrame, sync]);

  const loadOlder = useCallback(async () => {
    const state = live.current;
    const oldest = state.messages[0]?.seq;
    if (oldest === undefined || loadingOlder) return;
    setLoadingOlder(true);
    const page = await listMessages(roomId, { before: oldest });
    if (page.ok) {
      absorb(page.value.messages);
      setHasOlder(page.value.hasMore);
    }
    setLoadingOlder(false);
  }, [roomId, absorb, loadingOlder]);

  const send = useCallback(
    async (text: string, medias: PendingMessage["medias"], languageCode: string) => {
      const state = live.current;
      // Each attachment is sent with its place, so the room shows them in the order they were added.
      const placed = medias.map((media, userIndex) => ({ ...media, userIndex }));
      const message: PendingMessage = { clientMessageId: crypto.randomUUID(), text, medias: placed, languageCode, createdAt: Date.now() };
      setPendingBoth([...state.pending, message]);
      if (sendFrame(frameOf(message))) return;
      // The socket is down: the HTTP path, with the same rules on the server.
      state.overHttp.add(message.clientMessageId);
      const outcome = await submitMessage({ chatRoomId: roomId, clientMessageId: message.clientMessageId, messageText: { text, languageCode }, messageMedias: placed });
      state.overHttp.delete(message.clientMessageId);
      if (outcome.ok) return absorb([outcome.value]);
      setPendingBoth(state.pending.filter((p) => p.clientMessageId !== message.clientMessageId));
      onFailedRef.current(message, outcome.message);
    },
    [roomId, absorb, sendFrame, setPendingBoth],
  );

  const markRead = useCallback(
    (seq: number) => {
      const state = live.current;
      if (seq <= state.lastReadSent) return;
      state.lastReadSent = seq;
      setRoom((current) => ({ ...current, lastReadSeq: { ...current.lastReadSeq, [current.viewerSide]: Math.max(current.lastReadSeq[current.viewerSide], seq) } }));
      if (!sendFrame({ type: "read", seq })) void markRoomRead(roomId, seq);
    },
    [roomId, sendFrame],
  );

  return { room, messages, pending, loaded, hasOlder, loadingOlder, connection, loadOlder: () => void loadOlder(), send: (...args) => void send(...args), markRead };
}
