// The order chat panel (spec section 2, issue 11), loaded lazily beside the order panel: the message log with older
// pages on scroll up and the unread divider, the composer, the 'Error' toast of a failed send (spec section 8), and
// the read marker sent once the newest message has been on screen.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Toast, useToast } from "#app/components/toast/toast";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import type { ChatRoomView } from "#worker/chat/domain/chat-protocol";
import { ChatComposer, type Draft } from "./chat-composer";
import { draftMediaLabel } from "./chat-media";
import { ChatMessageItem, PendingMessageItem } from "./chat-message-item";
import { firstUnreadSeq, unreadCount } from "./chat-timeline";
import { useChatRoom } from "./use-chat-room";
import { useInputLanguage } from "#app/root";

/** Within this many pixels of the top, the next older page loads; of the bottom, the log follows new messages. */
const EDGE_PX = 48;

export default function ChatPanel({
  initialRoom,
  onUnread,
}: {
  initialRoom: ChatRoomView;
  onUnread: (count: number) => void;
}) {
  const { toast, show } = useToast();
  const [draft, setDraft] = useState<Draft>({ text: "", medias: [] });
  const chat = useChatRoom(initialRoom, (failed, message) => {
    show({ title: m.chat_error_title(), description: message ?? m.chat_send_failed(), variant: "error" });
    // The text comes back to the input, unless something new was typed meanwhile.
    setDraft((current) =>
      current.text === "" && current.medias.length === 0 ? { text: failed.text, medias: failed.medias } : current,
    );
  });
  const { room, messages, pending } = chat;
  const locale = getLocale();
  const inputLanguage = useInputLanguage();
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }), [locale]);

  // The divider stays where the viewer's reading stopped when the panel opened, while they read on.
  const [readWhenOpened] = useState(initialRoom.lastReadSeq[initialRoom.viewerSide]);
  const dividerSeq = firstUnreadSeq(messages, readWhenOpened, room.viewerSide);
  const unread = unreadCount(messages, room.lastReadSeq[room.viewerSide], room.viewerSide);
  useEffect(() => onUnread(unread), [unread, onUnread]);

  const log = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(false);
  const follow = useRef(true);

  // Seen means the end of the log is on screen (not scrolled away, the panel not hidden) in a visible tab.
  useEffect(() => {
    const target = bottom.current;
    if (!target) return;
    const observer = new IntersectionObserver(([entry]) => setAtBottom(entry.isIntersecting), { root: log.current });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  const newestSeq = messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (!atBottom || newestSeq === 0) return;
    const mark = () => document.visibilityState === "visible" && chat.markRead(newestSeq);
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [atBottom, newestSeq, chat.markRead]);

  // Scrolling: the first page opens at the divider (or the end); new messages are followed when the viewer was at the
  // end or sent one; an older page keeps what was on screen in place.
  const oldestSeq = messages[0]?.seq ?? 0;
  const shape = useRef({ oldestSeq: 0, height: 0, opened: false });
  useLayoutEffect(() => {
    const element = log.current;
    if (!element || !chat.loaded) return;
    const before = shape.current;
    if (!before.opened) {
      const divider = element.querySelector<HTMLElement>("[data-unread-divider]");
      if (divider) {
        element.scrollTop += divider.getBoundingClientRect().top - element.getBoundingClientRect().top - EDGE_PX;
        follow.current = false;
      } else element.scrollTop = element.scrollHeight;
    } else if (oldestSeq < before.oldestSeq) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (follow.current) {
      element.scrollTop = element.scrollHeight;
    }
    shape.current = { oldestSeq, height: element.scrollHeight, opened: true };
  }, [chat.loaded, messages, pending, oldestSeq]);

  // The content grows without a new message too (a picture loads, the hidden panel is shown): still follow the end.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = log.current;
    if (!element || !content.current) return;
    const observer = new ResizeObserver(() => {
      if (follow.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  function onScroll() {
    const element = log.current;
    if (!element) return;
    follow.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX && chat.hasOlder && !chat.loadingOlder) chat.loadOlder();
  }

  function send(sent: Draft) {
    follow.current = true;
    setDraft({ text: "", medias: [] });
    chat.send(sent.text, sent.medias, inputLanguage);
  }

  return (
    <section
      aria-labelledby="order-chat-heading"
      className="flex h-[min(36rem,80vh)] flex-col rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950"
    >
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h2 id="order-chat-heading" className="font-semibold text-zinc-900 dark:text-zinc-50">
          {m.chat_panel_label()}
        </h2>
        <p role="status" className="text-xs text-zinc-700 dark:text-zinc-300">
          {chat.connection === "offline" ? m.chat_reconnecting() : ""}
        </p>
      </header>
      {/* Scrollable, so it takes focus: keyboard users scroll it with the arrow keys. */}
      <div
        ref={log}
        role="log"
        aria-labelledby="order-chat-heading"
        tabIndex={0}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-3 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <div ref={content}>
          {!chat.loaded ? (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.chat_loading()}</p>
          ) : (
            <>
              {chat.hasOlder && (
                <button
                  type="button"
                  onClick={chat.loadOlder}
                  disabled={chat.loadingOlder}
                  className="button-secondary mx-auto mb-3 flex min-h-11 text-sm disabled:opacity-60"
                >
                  {m.chat_load_older()}
                </button>
              )}
              {messages.length === 0 && pending.length === 0 && (
                <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.chat_empty()}</p>
              )}
              <ol className="space-y-3">
                {messages.map((message) => [
                  message.seq === dividerSeq && (
                    <li
                      key="divider"
                      data-unread-divider
                      className="flex items-center gap-2 text-xs font-semibold text-red-700 dark:text-red-300"
                    >
                      <span aria-hidden="true" className="h-px flex-1 bg-red-300 dark:bg-red-800" />
                      {m.chat_unread_divider()}
                      <span aria-hidden="true" className="h-px flex-1 bg-red-300 dark:bg-red-800" />
                    </li>
                  ),
                  <ChatMessageItem
                    key={message.seq}
                    message={message}
                    mine={message.sender?.side === room.viewerSide}
                    locale={locale}
                    time={time}
                    translationRound={chat.translationRounds[message.seq]}
                    onRetryTranslation={chat.translate}
                    viewerSide={room.viewerSide}
                  />,
                ])}
                {pending.map((send) => (
                  <PendingMessageItem
                    key={send.clientMessageId}
                    text={send.text}
                    files={send.medias.map(draftMediaLabel)}
                  />
                ))}
              </ol>
            </>
          )}
        </div>
        <div ref={bottom} className="h-px" />
      </div>
      <ChatComposer room={room} draft={draft} onDraft={setDraft} onSend={send} />
      <Toast toast={toast} />
    </section>
  );
}
