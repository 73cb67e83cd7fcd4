// The seller's control for posting a stage's preview (decision 073 "Previews"), placed on the stage timeline: the
// files go in one multipart request to the preview door, which makes the client's watermarked copies where the files
// are stored (never here in the browser). XMLHttpRequest, since fetch reports no upload progress.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { uploadErrorMessage } from "#app/components/media/upload-client";
import { m } from "#app/paraglide/messages.js";
import { SNIFF_BYTES } from "#worker/media/domain/media-sniff";
import { STAGE_PREVIEW_IMAGE_MAX_BYTES } from "#worker/media/domain/media-limits";
import {
  checkPreviewFile,
  checkPreviewPixels,
  checkPreviewPosting,
  isPreviewPicture,
  type CheckedPreviewFile,
} from "#worker/orders/domain/stage-previews";
import {
  acceptAttribute,
  STAGE_PREVIEW_CLIP_KINDS,
  STAGE_PREVIEW_IMAGE_KINDS,
} from "#worker/media/domain/upload-rules";

const DOOR = "/api/features/commission/order/stage/preview";

type Phase = { is: "idle" } | { is: "sending"; percent: number } | { is: "processing" } | { is: "posted" };

/** The server's checks, run first on the chosen files (a wrong file fails without sending 30 MB). */
async function precheck(files: File[]): Promise<string | null> {
  const posting = checkPreviewPosting(files.map((file) => file.size));
  if (!posting.ok) return posting.error;
  const checkedFiles: CheckedPreviewFile[] = [];
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const whole =
      isPreviewPicture(head) && file.size <= STAGE_PREVIEW_IMAGE_MAX_BYTES
        ? new Uint8Array(await file.arrayBuffer())
        : null;
    const checked = checkPreviewFile(file.size, whole ?? head);
    if (!checked.ok) return checked.error;
    checkedFiles.push(checked.value);
  }
  const pixels = checkPreviewPixels(checkedFiles);
  return pixels.ok ? null : pixels.error;
}

/**
 * A refusal's words: the upload messages by their `code`, the order's own refusals, the words the door gave (a stage
 * not paid yet, decision 101), else "failed".
 */
function refusalMessage(status: number, text: string): string {
  let body: { code?: string; error?: string; message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not ours (a proxy's page): the generic failure.
  }
  if (body.code) return uploadErrorMessage(body.code);
  if (body.error === "stage_not_current" || body.error === "wrong_state") return m.orders_stage_preview_not_current();
  if (body.error === "seller_only") return m.orders_stage_preview_seller_only();
  if (typeof body.message === "string" && body.message) return body.message;
  return uploadErrorMessage(status === 401 ? "unauthorized" : "failed");
}

function send(form: FormData, onProgress: (percent: number) => void): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", DOOR);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((100 * event.loaded) / event.total));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, text: "" });
    xhr.send(form);
  });
}

/**
 * Posts the current stage's preview: pictures (shown to the client reduced and watermarked with their handle and the
 * order code until the order is completed) and short clips (shown as posted). `onPosted`: the page reloads its data
 * (the timeline passes its revalidator), so the stage shows as under review.
 */
export function StagePreviewUpload({
  orderId,
  stageIndex,
  stageTitle,
  onPosted,
}: {
  orderId: string;
  stageIndex: number;
  stageTitle: string;
  onPosted: () => unknown;
}) {
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<Phase>({ is: "idle" });
  const [error, setError] = useState<string | null>(null);
  const busy = phase.is === "sending" || phase.is === "processing";
  // Files chosen before this component hydrated (its chunk loads after the page's) are on the input but not in the
  // state: picked up once it is interactive, so the choice is not lost and Post preview is enabled.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const chosen = input.current?.files;
    if (chosen?.length) setFiles([...chosen]);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const problem = await precheck(files);
    if (problem) return setError(uploadErrorMessage(problem));
    const form = new FormData();
    form.set("orderId", orderId);
    form.set("stage", String(stageIndex));
    for (const file of files) form.append("files", file);
    setPhase({ is: "sending", percent: 0 });
    const answer = await send(form, (percent) =>
      setPhase(percent >= 100 ? { is: "processing" } : { is: "sending", percent }),
    );
    if (answer.status !== 200) {
      setPhase({ is: "idle" });
      return setError(refusalMessage(answer.status, answer.text));
    }
    setFiles([]);
    setPhase({ is: "posted" });
    await onPosted();
  }

  const accept = acceptAttribute({ kinds: [...STAGE_PREVIEW_IMAGE_KINDS, ...STAGE_PREVIEW_CLIP_KINDS] });
  return (
    <form onSubmit={submit} className="space-y-2" aria-busy={busy}>
      <label htmlFor={`${id}-files`} className="block text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {m.orders_stage_preview_label({ stage: stageTitle })}
      </label>
      <p id={`${id}-hint`} className="text-sm text-zinc-700 dark:text-zinc-300">
        {m.orders_stage_preview_hint()}
      </p>
      <input
        ref={input}
        id={`${id}-files`}
        type="file"
        multiple
        accept={accept}
        disabled={busy}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          setFiles([...(event.currentTarget.files ?? [])]);
          setError(null);
          setPhase({ is: "idle" });
        }}
        className="block w-full text-sm text-zinc-900 dark:text-zinc-100"
      />
      {phase.is === "sending" && (
        <div
          role="progressbar"
          aria-label={m.orders_stage_preview_sending({ percent: phase.percent })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={phase.percent}
          className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
        >
          <div className="h-full bg-brand-600 dark:bg-brand-300" style={{ width: `${phase.percent}%` }} />
        </div>
      )}
      <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
        {phase.is === "sending" && m.orders_stage_preview_sending({ percent: phase.percent })}
        {phase.is === "processing" && m.orders_stage_preview_processing()}
        {phase.is === "posted" && m.orders_stage_preview_posted()}
      </p>
      <ErrorText id={`${id}-error`} text={error} persistent />
      <button
        type="submit"
        disabled={busy || files.length === 0}
        className="min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:bg-brand-300 dark:text-zinc-950"
      >
        {m.orders_stage_preview_submit()}
      </button>
    </form>
  );
}
