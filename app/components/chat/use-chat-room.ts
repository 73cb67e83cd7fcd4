// The chat panel's view of one order chat room: a ChatRoomConnection (chat-room-connection.ts: the socket, reconnects,
// catch-up, sends) for the room, started while the panel is mounted, and its snapshot as React state.
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { getLocale } from "#app/paraglide/runtime.js";
import type { ChatRoomView } from "#worker/chat/domain/chat-protocol";
import { ChatRoomConnection, type ChatRoomSnapshot, type ChatSendFailed } from "./chat-room-connection";
import type { PendingMessage } from "./chat-timeline";

export interface ChatRoomState extends ChatRoomSnapshot {
  loadOlder: () => void;
  send: (text: string, medias: PendingMessage["medias"], languageCode: string) => void;
  markRead: (seq: number) => void;
  /** Ask the room again for message `seq`'s translation into the page's language. */
  translate: (seq: number) => void;
}

/** `onFailed` hears of a send the room refused or that could not be delivered (its text goes back in the input). */
export function useChatRoom(initialRoom: ChatRoomView, onFailed: ChatSendFailed): ChatRoomState {
  const onFailedRef = useRef(onFailed);
  onFailedRef.current = onFailed;
  const roomId = initialRoom.id;
  // One connection per room; the room's later views come over the socket, not from a new initialRoom.
  const connection = useMemo(
    () => new ChatRoomConnection(initialRoom, (send, message) => onFailedRef.current(send, message), getLocale()),
    [roomId],
  );
  useEffect(() => connection.start(), [connection]);
  const snapshot = useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot);
  return useMemo(
    () => ({
      ...snapshot,
      loadOlder: () => void connection.loadOlder(),
      send: (text, medias, languageCode) => void connection.send(text, medias, languageCode),
      markRead: connection.markRead,
      translate: (seq) => void connection.translate(seq),
    }),
    [snapshot, connection],
  );
}
