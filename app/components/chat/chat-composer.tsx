// The order chat's input (spec sections 4 and 5): 'Closed' once the order ended, the waiting placeholder while the
// client cannot write yet, disabled under NO_REPLY; the character counter against messageCharacterLimit; files
// uploaded first (rule commission-order / chat_medias) and links or embeds pasted (decision 058), both controls inert
// once the attachments reach messageMediaLimit; Send disabled while there is nothing to send. Enter sends,
// Shift+Enter starts a new line.
import { useId, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { precheckFiles, uploadErrorMessage } from "#app/components/media/upload-client";
import { UploadProgressList, useUploads } from "#app/components/media/upload-progress";
import { m } from "#app/paraglide/messages.js";
import { TranslationPreview } from "#app/components/translation/translation-preview";
import type { ChatMediaSubmit, ChatRefusal, ChatRoomView } from "#worker/chat/domain/chat-protocol";
import { countCharacters } from "#worker/chat/domain/chat";
import { acceptAttribute, findUploadRule } from "#worker/media/domain/upload-rules";
import { checkMediaLimit } from "#worker/media/domain/media-limits";
import { draftMediaLabel } from "./chat-media";
import { LinkAdder } from "./chat-link-adder";

const RULE = findUploadRule("commission-order", "chat_medias");

export interface Draft {
  text: string;
  /** Files, links and embeds in the order they were added (the order they are shown in). */
  medias: ChatMediaSubmit[];
}

const BLOCKED_PLACEHOLDER: Partial<Record<ChatRefusal, () => string>> = {
  room_closed: m.chat_closed,
  room_not_opened: m.chat_waiting,
  no_reply: m.chat_no_reply,
  moderate_reply_used: m.chat_moderate_used,
};

/** Why the viewer cannot write now, as the input's placeholder; null when they can. */
function blockedReason(room: ChatRoomView): string | null {
  if (room.roomStatus === "CLOSED") return m.chat_closed();
  if (room.canWrite) return null;
  return (
    (room.writeBlockedBy && BLOCKED_PLACEHOLDER[room.writeBlockedBy]?.()) ||
    (room.roomStatus === "OPENED" ? m.chat_no_reply() : m.chat_waiting())
  );
}

export function ChatComposer({
  room,
  draft,
  onDraft,
  onSend,
}: {
  room: ChatRoomView;
  draft: Draft;
  /**
   * Changes the draft from what it holds when the change lands, never from this render's copy: an upload that ends
   * while the user types must not have its files overwritten by the keystroke (or the other way round).
   */
  onDraft: (change: (current: Draft) => Draft) => void;
  onSend: (draft: Draft) => void;
}) {
  const id = useId();
  const uploads = useUploads();
  // From the files' precheck to their place in the draft, not only while they upload: the upload's bars go before
  // the draft gets the files (two renders), and a send in between would go without them and lose them.
  const [attaching, setAttaching] = useState(false);
  const uploading = uploads.busy || attaching;
  const [uploadError, setUploadError] = useState<string | null>(null);
  const blocked = blockedReason(room);
  const limit = room.messageCharacterLimit;
  const mediaFull = draft.medias.length >= room.messageMediaLimit;
  const empty = draft.text.trim() === "" && draft.medias.length === 0;
  const length = countCharacters(draft.text);
  const tooLong = length > limit;
  const canSend = !blocked && !empty && !uploading && !tooLong;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (canSend) onSend(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Not while an input method is composing (Japanese): that Enter picks the conversion.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  async function attach(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    if (files.length === 0 || !RULE) return;
    setUploadError(null);
    setAttaching(true);
    try {
      const count = checkMediaLimit(draft.medias.length, files.length, room.messageMediaLimit);
      const problem = count.ok
        ? await precheckFiles(files, { ...RULE, maxFiles: room.messageMediaLimit })
        : count.error;
      if (problem) return setUploadError(uploadErrorMessage(problem));
      const uploaded = await uploads.upload(
        { domain: "commission-order", id: room.orderId, field: "chat_medias" },
        files,
      );
      if (!uploaded.ok) return setUploadError(uploadErrorMessage(uploaded.code));
      const added = uploaded.uploaded.map(
        ({ url, file }): ChatMediaSubmit => ({ formatType: "FILE", name: file.name, file: { url } }),
      );
      onDraft((current) => ({ ...current, medias: [...current.medias, ...added] }));
    } finally {
      // In the same render as the draft's new files.
      setAttaching(false);
    }
  }

  function addLink(media: ChatMediaSubmit) {
    onDraft((current) => ({ ...current, medias: [...current.medias, media] }));
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-2 border-t border-zinc-200 p-3 dark:border-zinc-800"
      aria-busy={uploading}
    >
      <label htmlFor={`${id}-text`} className="sr-only">
        {m.chat_input_label()}
      </label>
      <textarea
        id={`${id}-text`}
        value={draft.text}
        onChange={(event) => {
          const text = event.currentTarget.value;
          onDraft((current) => ({ ...current, text }));
        }}
        onKeyDown={onKeyDown}
        disabled={blocked !== null}
        placeholder={blocked ?? m.chat_placeholder()}
        rows={2}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint ${id}-counter`}
        className="block w-full resize-none rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-600 disabled:cursor-not-allowed disabled:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:disabled:bg-zinc-800"
      />
      <p id={`${id}-hint`} className="sr-only">
        {m.chat_keyboard_hint()}
      </p>
      {/* What the other party will read, before sending (issue 46). */}
      {blocked === null && <TranslationPreview text={draft.text} />}
      {draft.medias.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {draft.medias.map((media, index) => (
            <li
              key={index}
              className="flex items-center gap-1 rounded-md border border-zinc-300 py-0.5 pl-2 text-xs dark:border-zinc-700"
            >
              <span className="max-w-32 truncate">{draftMediaLabel(media)}</span>
              <button
                type="button"
                onClick={() =>
                  onDraft((current) => ({ ...current, medias: current.medias.filter((other) => other !== media) }))
                }
                aria-label={m.chat_remove_attachment({ name: draftMediaLabel(media) })}
                className="grid size-11 place-items-center text-base leading-none"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {RULE && blocked === null && (
          <label
            className={`button-secondary min-h-11 cursor-pointer text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-300`}
          >
            {uploading ? m.chat_attaching() : m.chat_attach()}
            <input
              type="file"
              multiple
              accept={acceptAttribute(RULE)}
              disabled={uploading || mediaFull}
              onChange={attach}
              aria-describedby={`${id}-files`}
              className="sr-only"
            />
          </label>
        )}
        {blocked === null && <LinkAdder disabled={mediaFull} onAdd={addLink} describedBy={`${id}-files`} />}
        {blocked === null && (
          <span id={`${id}-files`} className="text-xs text-zinc-700 dark:text-zinc-300">
            {m.chat_attach_count({ count: draft.medias.length, limit: room.messageMediaLimit })}
          </span>
        )}
        <span
          id={`${id}-counter`}
          className={`ml-auto text-xs tabular-nums ${tooLong ? "font-semibold text-red-700 dark:text-red-400" : "text-zinc-700 dark:text-zinc-300"}`}
        >
          <span aria-hidden="true">{m.chat_counter({ count: length, limit })}</span>
          <span className="sr-only">{m.chat_counter_label({ count: length, limit })}</span>
        </span>
        <button type="submit" disabled={!canSend} className="button-primary min-h-11 disabled:opacity-60">
          {m.chat_send()}
        </button>
      </div>
      <UploadProgressList uploads={uploads} />
      <ErrorText text={uploadError} />
    </form>
  );
}
