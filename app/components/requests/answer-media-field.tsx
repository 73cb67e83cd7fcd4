import { useEffect, useId, useRef, useState } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { controlBorder, controlClass } from "#app/components/form/field";
import { useFilesChosenBeforeHydration } from "#app/components/form/typed-before-hydration";
import { precheckFiles, uploadErrorMessage } from "#app/components/media/upload-client";
import { UploadProgressList, useUploads } from "#app/components/media/upload-progress";
import { m } from "#app/paraglide/messages.js";
import { acceptAttribute, findUploadRule } from "#worker/media/domain/upload-rules";
import { detectMediaFromUrl } from "#worker/media/domain/media-urls";
import type { AnswerDraft } from "./request-draft";

const RULE = findUploadRule("commission-request", "answer_medias")!;

/**
 * A MEDIA question's answer: files (uploaded into the client's own private request folder, copied into the order
 * when it is sent) and links. The spec's upload errors; a failed upload leaves what was attached as it was.
 */
export function AnswerMediaField(props: {
  label: string;
  profileId: string;
  medias: AnswerDraft["medias"];
  onChange: (change: (medias: AnswerDraft["medias"]) => AnswerDraft["medias"]) => void;
  invalid: boolean;
  describedBy?: string;
  /** Told when its files start and finish uploading: the form does not send while a file is on its way. */
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const inputId = useId();
  const uploads = useUploads();
  const busy = uploads.busy;
  const { onUploadingChange } = props;
  useEffect(() => onUploadingChange?.(busy), [busy, onUploadingChange]);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState("");

  async function addFiles(list: FileList | readonly File[] | null) {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    setError(null);
    if (props.medias.length + files.length > RULE.maxFiles) return setError(uploadErrorMessage("media_error_too_many"));
    const problem = await precheckFiles(files, RULE);
    if (problem) return setError(uploadErrorMessage(problem));
    const outcome = await uploads.upload({ domain: RULE.domain, id: props.profileId, field: RULE.field }, files);
    if (!outcome.ok) return setError(uploadErrorMessage(outcome.code));
    // Cancelled files are not among `uploaded`: only finished ones are added.
    props.onChange((medias) => [
      ...medias,
      ...outcome.uploaded.map(({ url, file }) => ({ formatType: "FILE" as const, url, name: file.name })),
    ]);
  }

  // Files chosen before the page was interactive are uploaded as it becomes so (decision 060).
  const fileInput = useRef<HTMLInputElement>(null);
  useFilesChosenBeforeHydration(fileInput, (files) => void addFiles(files));

  function addLink() {
    const detected = detectMediaFromUrl(link);
    if (!detected) return setError(m.requests_invalid_link());
    if (props.medias.length >= RULE.maxFiles) return setError(uploadErrorMessage("media_error_too_many"));
    setError(null);
    props.onChange((medias) => [...medias, { formatType: "LINK", url: detected.url, name: detected.url }]);
    setLink("");
  }

  return (
    <div className="space-y-3" aria-describedby={props.describedBy}>
      {props.medias.length > 0 ? (
        <ul className="space-y-2">
          {props.medias.map((media, index) => (
            <li
              key={`${media.url}-${index}`}
              className="flex items-center gap-3 rounded-lg bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-800/60"
            >
              <span className="min-w-0 flex-1 truncate text-zinc-900 dark:text-zinc-100">{media.name}</span>
              <button
                type="button"
                className="rounded-md px-2 py-1 font-semibold text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
                onClick={() => props.onChange((medias) => medias.filter((_, i) => i !== index))}
                aria-label={m.requests_remove_file({ name: media.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={`button-secondary min-h-11 cursor-pointer ${busy ? "pointer-events-none opacity-70" : ""}`}
        >
          {m.requests_add_files()}
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          multiple
          accept={acceptAttribute(RULE)}
          className="sr-only"
          aria-label={`${props.label}: ${m.requests_add_files()}`}
          aria-invalid={props.invalid || undefined}
          disabled={busy}
          onChange={(event) => {
            void addFiles(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {m.requests_file_hint()} {m.uploads_exchange_files_hint()}
        </p>
      </div>
      <UploadProgressList uploads={uploads} />
      <div className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {m.requests_link_label()}
          <input
            type="url"
            inputMode="url"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            className={`mt-1 ${controlClass} ${controlBorder(false)}`}
            placeholder="https://"
          />
        </label>
        <button type="button" className="button-secondary min-h-11" onClick={addLink} disabled={!link.trim()}>
          {m.requests_add_link()}
        </button>
      </div>
      <ErrorText text={error} persistent />
    </div>
  );
}
