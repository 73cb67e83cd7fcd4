import { useEffect, useId, useState } from "react";
import { mediaTypeLabel } from "./media-type-label";
import { Tabs, type TabItem } from "#app/components/tabs/tabs";
import { ErrorText } from "#app/components/form/error-text";
import { ModalShell } from "#app/components/dialog/modal-shell";
import { controlBorder, controlClass } from "#app/components/form/field";
import { m } from "#app/paraglide/messages.js";
import { SNIFF_BYTES, sniffMediaType } from "#worker/media/domain/media-sniff";
import { acceptAttribute, findUploadRule } from "#worker/media/domain/upload-rules";
import { buildMediaEntry, mediaTypeForMimeType, type MediaEntry } from "#worker/media/domain/media-entries";
import { checkMediaLimit } from "#worker/media/domain/media-limits";
import { detectMediaFromEmbedCode, detectMediaFromUrl, type DetectedMedia } from "#worker/media/domain/media-urls";
import { MediaImage } from "./media-image";
import { posterFrame } from "./poster-frame";
import { precheckFiles, uploadErrorMessage, uploadPoster } from "./upload-client";
import { UploadProgressList, useUploads } from "./upload-progress";

type Tab = "FILE" | "LINK" | "EMBED";

export interface AddMediaModalProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new entries (a file upload may add several); the modal closes itself after. */
  onAdd: (entries: MediaEntry[]) => void;
  /**
   * Where uploaded files go; the signed-in user must own the id (the server checks). Null while the owner does not
   * exist yet (a new work): the File tab then says to save first, Link and Embed work as usual.
   */
  target: { domain: string; id: string; field: string } | null;
  /** How many media the list already holds, and its maximum: past it, 'Limit exceeded'. */
  existingCount?: number;
  maxCount?: number;
  /** What the File tab says while `target` is null, when the owner is not a work (a new service). */
  saveFirstText?: string;
}

/**
 * The add-media dialog: File (uploaded to R2), Link or Embed; a URL or embed code sets the media type.
 * Render it outside any page form: its Link and Embed panels are forms of their own, and forms cannot nest.
 */
export function AddMediaModal(props: AddMediaModalProps) {
  const id = useId();
  const tabs: TabItem<Tab>[] = [
    { id: "FILE", label: m.media_tab_file() },
    { id: "LINK", label: m.media_tab_link() },
    { id: "EMBED", label: m.media_tab_embed() },
  ];

  function add(entries: MediaEntry[]) {
    props.onAdd(entries);
    props.onClose();
  }

  const remaining = (props.maxCount ?? Infinity) - (props.existingCount ?? 0);
  // Closing the dialog ends its uploads: asked first, so a file is never dropped without a word.
  const [uploading, setUploading] = useState(false);
  function close() {
    if (uploading && !window.confirm(m.media_upload_close_confirm())) return;
    props.onClose();
  }

  return (
    <ModalShell open={props.open} labelledBy={`${id}-title`} onClose={close}>
      <h2 id={`${id}-title`} className="mb-4 pr-8 text-lg font-semibold">
        {m.media_add_title()}
      </h2>
      <Tabs label={m.media_add_title()} tabs={tabs} look="pill" className="space-y-4">
        {(tab) => (
          <>
            {tab === "FILE" && (
              <FilePanel
                target={props.target}
                remaining={remaining}
                onAdd={add}
                onBusy={setUploading}
                saveFirstText={props.saveFirstText}
              />
            )}
            {tab === "LINK" && <TextPanel kind="LINK" onAdd={add} />}
            {tab === "EMBED" && <TextPanel kind="EMBED" onAdd={add} />}
          </>
        )}
      </Tabs>
    </ModalShell>
  );
}

type FilePanelProps = { remaining: number; onAdd: (entries: MediaEntry[]) => void; onBusy: (busy: boolean) => void };

function FilePanel({
  target,
  saveFirstText,
  ...props
}: FilePanelProps & { target: AddMediaModalProps["target"]; saveFirstText?: string }) {
  if (!target)
    return <p className="text-sm text-zinc-700 dark:text-zinc-300">{saveFirstText ?? m.media_file_save_first()}</p>;
  return <FileUpload target={target} {...props} />;
}

function FileUpload({
  target,
  remaining,
  onAdd,
  onBusy,
}: FilePanelProps & { target: NonNullable<AddMediaModalProps["target"]> }) {
  const id = useId();
  const rule = findUploadRule(target.domain, target.field);
  const uploads = useUploads();
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uploading = uploads.busy || preparing;
  useEffect(() => {
    onBusy(uploading);
    return () => onBusy(false);
  }, [uploading, onBusy]);
  if (!rule) return null;

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = "";
    if (files.length === 0) return;
    setError(null);
    const limit = checkMediaLimit(0, files.length, remaining);
    if (!limit.ok) return setError(uploadErrorMessage(limit.error));
    const problem = await precheckFiles(files, rule!);
    if (problem) return setError(uploadErrorMessage(problem));
    const types = await Promise.all(
      files.map(
        async (f) => sniffMediaType(new Uint8Array(await f.slice(0, SNIFF_BYTES).arrayBuffer()))?.mimeType ?? "",
      ),
    );
    // A video's poster frame is taken from the local file while it uploads (decision 033).
    const posters = files.map((file, i) =>
      mediaTypeForMimeType(types[i]) === "VIDEO" && rule!.kinds.includes("jpg")
        ? posterFrame(file)
        : Promise.resolve(null),
    );
    const outcome = await uploads.upload(target, files);
    if (!outcome.ok) return setError(uploadErrorMessage(outcome.code));
    if (outcome.uploaded.length === 0) return;
    setPreparing(true);
    const entries = await Promise.all(
      outcome.uploaded.map(async ({ index, url, storedUrl }) => {
        const poster = await posters[index];
        const thumbnailUrl = poster ? await uploadPoster(target, storedUrl, poster) : null;
        return buildMediaEntry({
          formatType: "FILE",
          url,
          mimeType: types[index],
          thumbnailUrl,
          name: files[index].name,
        });
      }),
    );
    setPreparing(false);
    onAdd(entries.flatMap((entry) => entry ?? []));
  }

  const hint = target.domain === "user-profile" ? m.media_picture_hint() : m.media_portfolio_hint();
  return (
    <div className="space-y-2" aria-busy={uploading}>
      <label htmlFor={`${id}-file`} className="block text-sm font-medium">
        {m.media_file_label()}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        multiple={rule.maxFiles > 1}
        accept={acceptAttribute(rule)}
        disabled={uploading}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={onChange}
        className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-full file:border file:border-zinc-300 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
      />
      <div id={`${id}-hint`} className="space-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        <p>{hint}</p>
        {rule.kinds.includes("mp3") && <p>{m.uploads_media_files_hint()}</p>}
      </div>
      <UploadProgressList uploads={uploads} />
      {preparing && (
        <p className="flex items-center gap-2 text-sm">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-zinc-300 border-t-brand-600 motion-reduce:animate-none"
          />
          {m.media_uploading()}
        </p>
      )}
      <ErrorText id={`${id}-error`} text={error} persistent />
    </div>
  );
}

function TextPanel({ kind, onAdd }: { kind: "LINK" | "EMBED"; onAdd: (entries: MediaEntry[]) => void }) {
  const id = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const detected: DetectedMedia | null = value.trim()
    ? kind === "LINK"
      ? detectMediaFromUrl(value)
      : detectMediaFromEmbedCode(value)
    : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const entry =
      kind === "LINK"
        ? buildMediaEntry({ formatType: "LINK", url: value })
        : buildMediaEntry({ formatType: "EMBED", code: value });
    if (!entry) return setError(kind === "LINK" ? m.media_link_invalid() : m.media_embed_invalid());
    onAdd([entry]);
  }

  const describedBy = [`${id}-hint`, detected && `${id}-detected`, error && `${id}-error`].filter(Boolean).join(" ");
  const common = {
    id: `${id}-input`,
    value,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    className: `${controlClass} ${controlBorder(Boolean(error))}`,
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium">
        {kind === "LINK" ? m.media_link_label() : m.media_embed_label()}
      </label>
      {kind === "LINK" ? (
        <input
          {...common}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => (setValue(e.target.value), setError(null))}
        />
      ) : (
        <textarea
          {...common}
          rows={4}
          spellCheck={false}
          onChange={(e) => (setValue(e.target.value), setError(null))}
        />
      )}
      <p id={`${id}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
        {kind === "LINK" ? m.media_link_hint() : m.media_embed_hint()}
      </p>
      {detected && (
        <p id={`${id}-detected`} aria-live="polite" className="text-sm text-zinc-700 dark:text-zinc-300">
          {m.media_detected({ type: mediaTypeLabel(detected.mediaType), site: detected.site })}
        </p>
      )}
      {detected?.thumbnailUrl && (
        <MediaImage
          src={detected.thumbnailUrl}
          alt={m.media_preview_alt()}
          className="aspect-video w-full rounded-lg"
        />
      )}
      <ErrorText id={`${id}-error`} text={error} persistent />
      <div className="flex justify-end pt-2">
        <button type="submit" className="button-primary min-h-11">
          {m.media_add()}
        </button>
      </div>
    </form>
  );
}
