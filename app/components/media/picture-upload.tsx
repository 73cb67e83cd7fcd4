import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { MediaImage } from "./media-image";
import { useUploads } from "./use-uploads";

export interface PictureUploadProps {
  /** Where the file goes: v1/{domain}/{domainId}/{field}/… (the server checks the signed-in user owns it). */
  domain: "user-profile";
  domainId: string;
  field: "avatar" | "cover";
  currentUrl: string | null;
  label: string;
  alt: string;
  noneText: string;
  chooseLabel: string;
  changeLabel: string;
  /** The spec's hint under the picker, and what the picker says while and after it uploads. */
  hint: string;
  uploadingText: string;
  uploadedText: string;
  previewAlt: string;
  variant: "avatar" | "cover";
  /** The file input's `accept`: the loader's acceptAttribute of the field's upload rule. */
  accept: string;
  onUploaded?: (url: string) => void;
}

/**
 * The checks, the upload client and the progress bars load when the picker is neared or focused, at the latest once
 * a file is chosen: the page shows the picker, and uploads only after a choice.
 */
const loadProgressList = () => import("./upload-progress");
const UploadProgressList = lazy(() => loadProgressList().then((module) => ({ default: module.UploadProgressList })));
function loadUploadMachinery() {
  void loadProgressList();
  return import("./upload-client");
}

/**
 * One picture (avatar or cover): preview, a file picker, the spec's hint and errors, a loading animation while the
 * file uploads, and the stored image once done. Single-file field: the server replaces the previous picture.
 */
export function PictureUpload(props: PictureUploadProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [url, setUrl] = useState(props.currentUrl);
  const [preview, setPreview] = useState<string | null>(null);
  const uploads = useUploads();
  const uploading = uploads.busy;
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const previewRef = useRef<string | null>(null);

  useEffect(() => setUrl(props.currentUrl), [props.currentUrl]);
  useEffect(() => () => revoke(), []);

  function revoke() {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
  }

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // Cleared so choosing the same file again fires change again.
    input.value = "";
    if (files.length === 0) return;
    setError(null);
    setStatus("");
    const { precheckFiles, uploadErrorMessage, findUploadRule } = await loadUploadMachinery();
    const problem = await precheckFiles(files, findUploadRule(props.domain, props.field)!);
    if (problem) {
      setError(uploadErrorMessage(problem));
      return;
    }
    revoke();
    previewRef.current = URL.createObjectURL(files[0]);
    setPreview(previewRef.current);
    setStatus(props.uploadingText);
    const outcome = await uploads.upload({ domain: props.domain, id: props.domainId, field: props.field }, files);
    setPreview(null);
    revoke();
    // Cancelled: the current picture stays as it was.
    if (outcome.ok && outcome.uploaded.length === 0) setStatus("");
    else if (outcome.ok) {
      setUrl(outcome.urls[0]);
      setStatus(props.uploadedText);
      props.onUploaded?.(outcome.urls[0]);
    } else {
      setStatus("");
      setError(uploadErrorMessage(outcome.code));
    }
  }

  const shown = preview ?? url;
  const frame =
    props.variant === "avatar" ? "size-20 shrink-0 rounded-full" : "aspect-[3/1] w-full max-w-xl rounded-lg";
  const describedBy = error ? `${hintId} ${errorId}` : hintId;

  return (
    <section
      aria-labelledby={`${id}-label`}
      className={props.variant === "avatar" ? "flex flex-wrap items-center gap-4" : "space-y-3"}
    >
      <div className="relative" aria-busy={uploading}>
        {shown ? (
          <MediaImage src={shown} alt={preview ? props.previewAlt : props.alt} className={frame} />
        ) : (
          <MediaImage src={null} alt="" className={frame} />
        )}
        {uploading && (
          <span
            aria-hidden="true"
            className={`absolute inset-0 flex items-center justify-center bg-black/40 ${props.variant === "avatar" ? "rounded-full" : "rounded-lg"}`}
          >
            <span className="size-8 animate-spin rounded-full border-4 border-white/40 border-t-white motion-reduce:animate-none" />
          </span>
        )}
      </div>
      <div className="space-y-1">
        <h2 id={`${id}-label`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {props.label}
        </h2>
        {!url && !preview && <p className="text-sm text-zinc-700 dark:text-zinc-300">{props.noneText}</p>}
        <input
          id={inputId}
          type="file"
          accept={props.accept}
          className="peer sr-only"
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          disabled={uploading}
          onChange={onChange}
          onFocus={() => void loadUploadMachinery()}
        />
        <label
          htmlFor={inputId}
          onPointerEnter={() => void loadUploadMachinery()}
          className="button-secondary inline-flex min-h-11 cursor-pointer items-center peer-disabled:cursor-wait peer-disabled:opacity-70 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 dark:peer-focus-visible:outline-brand-300"
        >
          {uploading ? props.uploadingText : url ? props.changeLabel : props.chooseLabel}
        </label>
        <p id={hintId} className="text-sm text-zinc-600 dark:text-zinc-400">
          {props.hint}
        </p>
        {/* The bars, and the note after a Cancel, once an upload has started (their live region comes with the first bar). */}
        {(uploads.busy || uploads.announcement) && (
          <Suspense fallback={null}>
            <UploadProgressList uploads={uploads} className="max-w-sm" />
          </Suspense>
        )}
        <ErrorText id={errorId} text={error} persistent />
        <p role="status" className="sr-only">
          {status}
        </p>
      </div>
    </section>
  );
}
