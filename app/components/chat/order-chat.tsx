// Where the order chat sits (spec section 2): beside the order's content on wide screens, toggled by a message button
// on small ones. Only this frame ships with the order route; the panel itself (socket, history, composer) is a lazy
// chunk fetched after hydration, so the route's own JS barely grows (docs/decisions/016).
import { lazy, Suspense, useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { m } from "#app/paraglide/messages.js";
import type { ChatRoomView } from "#worker/chat/domain/chat-protocol";

const ChatPanel = lazy(() => import("./chat-panel"));

export function OrderChat({
  room,
  toolbar,
  children,
}: {
  room: ChatRoomView | null;
  toolbar: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  // The panel is the browser's alone (a socket, the viewer's clock and locale for times): nothing of it is rendered
  // on the server, so hydration has nothing to disagree about.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const onUnread = useCallback((count: number) => setUnread(count), []);

  if (!room) {
    return (
      <>
        {toolbar}
        <div className="@container">{children}</div>
      </>
    );
  }
  const loading = (
    <p className="rounded-xl border border-zinc-200 p-4 text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300">
      {m.chat_loading()}
    </p>
  );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {toolbar}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="button-secondary min-h-11 xl:hidden"
        >
          {unread > 0 ? m.chat_toggle_unread({ count: unread }) : m.chat_toggle()}
        </button>
      </div>
      <div className="flex flex-col gap-6 xl:grid xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <div className="@container min-w-0">{children}</div>
        <div id={id} className={`${open ? "" : "hidden"} order-first xl:sticky xl:top-20 xl:order-none xl:block`}>
          {hydrated ? (
            <Suspense fallback={loading}>
              <ChatPanel initialRoom={room} onUnread={onUnread} />
            </Suspense>
          ) : (
            loading
          )}
        </div>
      </div>
    </>
  );
}
