// The composer's "Add a link": a button that opens a field for an address or an embed code. Enter (or Add) checks it
// as the server will (chat-media.ts) and adds it as a LINK or, for a site with a player, an EMBED; Escape (or Cancel)
// closes it. Focus goes to the field on opening and back to the button on closing. It sits inside the composer's
// form, so its Enter is kept from sending the message.
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";
import type { ChatMediaSubmit } from "#worker/chat/domain/chat-protocol";
import { CHAT_EMBED_SITE_NAMES } from "#worker/chat/domain/chat-send-schema";
import { pastedMedia } from "./chat-media";

export function LinkAdder({
  disabled,
  onAdd,
  describedBy,
}: {
  disabled: boolean;
  onAdd: (media: ChatMediaSubmit) => void;
  describedBy: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    setValue("");
    setError(null);
    // After the field is gone: the button is back in the tab order where the user left it.
    requestAnimationFrame(() => opener.current?.focus());
  }

  function add() {
    if (value.trim() === "") return setError(m.chat_server_error_invalid_link());
    const pasted = pastedMedia(value);
    if (!pasted.ok) return setError(pasted.message);
    onAdd(pasted.media);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      add();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  }

  if (!open) {
    return (
      <button
        ref={opener}
        type="button"
        onClick={() => setOpen(true)}
        disabled={disabled}
        aria-describedby={describedBy}
        className="button-secondary min-h-11 text-sm disabled:opacity-60"
      >
        {m.chat_add_link()}
      </button>
    );
  }
  return (
    <div className="basis-full space-y-1">
      <label htmlFor={`${id}-link`} className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {m.chat_link_label()}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-link`}
          type="text"
          inputMode="url"
          autoComplete="off"
          autoFocus
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-zinc-400 bg-white px-3 text-sm text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
        />
        <button type="button" onClick={add} className="button-secondary min-h-11 text-sm">
          {m.chat_link_add()}
        </button>
        <button type="button" onClick={close} className="button-secondary min-h-11 text-sm">
          {m.chat_link_cancel()}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
        {m.chat_link_hint({ sites: CHAT_EMBED_SITE_NAMES })}
      </p>
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}
