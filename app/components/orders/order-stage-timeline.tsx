// A staged order's timeline (decision 073): each stage with its share and amount, state, dates and revisions, its
// previews (images, clips, audio) and the client's revision notes; the client's Approve and Request a revision on the
// preview under review, the creator's Allow one more revision and their preview upload. Its words come
// from the loader (order-stage-texts.server.ts); the Order object checks every move again.
import { useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useRevalidator } from "react-router";
import { ErrorText } from "#app/components/form/error-text";
import { MoneyConfirmForm } from "./money-confirm-form";
import { useIsPosting } from "#app/components/form/use-is-posting";
import type { StageState } from "#worker/orders/domain/order-display";
import { REVISION_COMMENT_MAX } from "#worker/orders/domain/order-stages";
import type { StageTimelineItem, StageTimelineTexts } from "#app/loaders/orders/order-stage-texts.server";
import { StagePreviewUpload } from "./stage-preview-upload";
import { TranslatedText } from "#app/components/translation/translated-text";
import { useTextReading } from "#app/components/translation/use-text-reading";

const STATE_TONES: Record<StageState, string> = {
  upcoming: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100",
  in_progress: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50",
  revision_requested: "bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-50",
  in_review: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  approved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  auto_approved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  not_reached: "bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-50",
};

export function OrderStageTimeline({ orderId, timeline }: { orderId: string; timeline: StageTimelineTexts }) {
  // Generated: the Other settings tab's Milestones section derives its heading's id from "order-stages" too.
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="stage-timeline">
      <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
        {timeline.heading}
      </h3>
      <ol className="space-y-3">
        {timeline.items.map((item) => (
          <StageItem key={item.index} orderId={orderId} item={item} notesHeading={timeline.notesHeading} />
        ))}
      </ol>
    </section>
  );
}

function StageItem({
  orderId,
  item,
  notesHeading,
}: {
  orderId: string;
  item: StageTimelineItem;
  notesHeading: string;
}) {
  const headingId = `order-stage-${item.index}-heading`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid={`stage-${item.index + 1}`}
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <StageHeading id={headingId} item={item} />
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {item.share}
            {item.approximation && <> ({item.approximation})</>}
          </p>
          {/* An order paid stage by stage (decision 101): the stage's own part and whether it is paid. */}
          {item.part && (
            <p
              data-testid="stage-part"
              data-status={item.part.status}
              className="text-sm font-medium text-zinc-900 dark:text-zinc-100"
            >
              {item.part.text}
            </p>
          )}
        </div>
        <span
          data-testid="stage-state"
          className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ${STATE_TONES[item.state]}`}
        >
          {item.stateLabel}
        </span>
      </div>
      <dl>
        {item.facts.map((fact) => (
          <div key={fact.label} className="flex justify-between gap-4 py-1 text-sm">
            <dt className="text-zinc-700 dark:text-zinc-300">{fact.label}</dt>
            <dd className="text-right font-medium text-zinc-900 dark:text-zinc-100">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {item.rounds.map((round) => (
        <div key={round.round} className="space-y-2">
          <p className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{round.label}</p>
          <ul className="flex flex-wrap gap-2">
            {round.previews.map((preview) => (
              <li key={preview.id} className="max-w-full">
                <PreviewFile preview={preview} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {item.notes.length > 0 && (
        <div className="space-y-2">
          <p className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{notesHeading}</p>
          <ul className="space-y-2" data-testid="revision-notes">
            {item.notes.map((note) => (
              <li key={note.key} className="rounded-md bg-zinc-50 p-3 text-sm dark:bg-zinc-900">
                <p className="text-xs text-zinc-700 dark:text-zinc-300">{note.meta}</p>
                <TranslatedText
                  text={note.comment}
                  reading={note.reading}
                  className="mt-1 break-words whitespace-pre-line text-zinc-900 dark:text-zinc-100"
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      <StageMoves orderId={orderId} item={item} />
    </li>
  );
}

/** "Stage 1: Sketch", the creator's title read in the viewer's language (issue 46), its mark under the heading. */
function StageHeading({ id, item }: { id: string; item: StageTimelineItem }) {
  const title = useTextReading(item.title, item.titleReading);
  return (
    <>
      <h4 id={id} className="font-semibold break-words text-zinc-900 dark:text-zinc-50">
        {item.heading.before}
        <span lang={title.lang}>{title.text}</span>
        {item.heading.after}
      </h4>
      {title.marker}
    </>
  );
}

type Preview = StageTimelineItem["rounds"][number]["previews"][number];

/** A preview as the viewer may see it: a thumbnail that opens the file, or the clip's own player. */
function PreviewFile({ preview }: { preview: Preview }) {
  if (preview.mediaType === "image")
    return (
      <a
        href={preview.url}
        target="_blank"
        rel="noreferrer"
        aria-label={preview.open}
        className="block rounded-md focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300"
      >
        <img
          src={preview.url}
          alt={preview.name}
          loading="lazy"
          width={preview.width ?? undefined}
          height={preview.height ?? undefined}
          className="size-24 rounded-md border border-zinc-200 object-cover dark:border-zinc-800"
        />
      </a>
    );
  return (
    <figure className="w-72 max-w-full space-y-1">
      {preview.mediaType === "video" ? (
        <video src={preview.url} controls preload="metadata" className="w-full rounded-md" />
      ) : (
        <audio src={preview.url} controls preload="none" className="w-full" />
      )}
      <figcaption className="truncate text-xs text-zinc-700 dark:text-zinc-300">
        <a href={preview.url} target="_blank" rel="noreferrer" className="underline">
          {preview.name}
        </a>
      </figcaption>
    </figure>
  );
}

const fields = (orderId: string, intent: string, stage: number) => (
  <>
    <input type="hidden" name="orderId" value={orderId} />
    <input type="hidden" name="intent" value={intent} />
    <input type="hidden" name="stage" value={String(stage)} />
  </>
);

function StageMoves({ orderId, item }: { orderId: string; item: StageTimelineItem }) {
  const posting = useIsPosting();
  const revalidator = useRevalidator();
  const grantHintId = useId();
  const hasMoves = item.approve || item.revision || item.grant || item.postPreview || item.awaitsPayment;
  if (!hasMoves) return null;
  return (
    <div className="space-y-2">
      {item.approve && (
        <MoneyConfirmForm
          question={item.approve.confirm}
          fields={{ orderId, intent: "approveStage", stage: String(item.index) }}
        >
          <button type="submit" disabled={posting} className="button-primary min-h-11 w-full disabled:opacity-60">
            {item.approve.label}
          </button>
        </MoneyConfirmForm>
      )}
      {item.revision && <RevisionRequest orderId={orderId} stage={item.index} revision={item.revision} />}
      {item.grant && (
        <Form method="post" className="space-y-1">
          {fields(orderId, "grantRevision", item.index)}
          <button
            type="submit"
            disabled={posting}
            aria-describedby={grantHintId}
            className="button-secondary min-h-11 w-full disabled:opacity-60"
          >
            {item.grant.label}
          </button>
          <p id={grantHintId} className="text-xs text-zinc-700 dark:text-zinc-300">
            {item.grant.hint}
          </p>
        </Form>
      )}
      {item.awaitsPayment && (
        <p
          role="status"
          data-testid="stage-awaits-payment"
          className="rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
        >
          {item.awaitsPayment}
        </p>
      )}
      {item.postPreview && (
        <StagePreviewUpload
          orderId={orderId}
          stageIndex={item.index}
          stageTitle={item.title}
          onPosted={() => revalidator.revalidate()}
        />
      )}
    </div>
  );
}

/**
 * The client's Request a revision: a comment (1 to 1000 characters) the creator reads on the timeline. With no
 * revision left, the button says so and why, and the creator may allow one more.
 */
function RevisionRequest({
  orderId,
  stage,
  revision,
}: {
  orderId: string;
  stage: number;
  revision: NonNullable<StageTimelineItem["revision"]>;
}) {
  const fetcher = useFetcher<{ ok: boolean; errors?: Record<string, string> }>();
  const [open, setOpen] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const ids = { hint: useId(), field: useId(), error: useId() };
  const sending = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors?.comment ?? null) : null;
  useEffect(() => {
    if (open) textarea.current?.focus();
  }, [open]);
  if (!revision.allowed)
    return (
      <div className="space-y-1">
        <button
          type="button"
          disabled
          aria-describedby={ids.hint}
          className="button-secondary min-h-11 w-full cursor-not-allowed opacity-70"
        >
          {revision.label}
        </button>
        <p id={ids.hint} className="text-xs text-zinc-700 dark:text-zinc-300">
          {revision.hint}
        </p>
      </div>
    );
  return (
    <div className="space-y-2">
      <button
        type="button"
        aria-expanded={open}
        aria-describedby={ids.hint}
        onClick={() => setOpen((shown) => !shown)}
        className="button-secondary min-h-11 w-full"
      >
        {revision.label}
      </button>
      <p id={ids.hint} className="text-xs text-zinc-700 dark:text-zinc-300">
        {revision.hint}
      </p>
      {open && (
        <fetcher.Form method="post" className="space-y-2">
          {fields(orderId, "requestRevision", stage)}
          <label htmlFor={ids.field} className="block text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {revision.field}
          </label>
          <textarea
            ref={textarea}
            id={ids.field}
            name="comment"
            required
            maxLength={REVISION_COMMENT_MAX}
            rows={4}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          />
          <ErrorText id={ids.error} text={error} />
          <button type="submit" disabled={sending} className="button-primary min-h-11 w-full disabled:opacity-60">
            {revision.send}
          </button>
        </fetcher.Form>
      )}
    </div>
  );
}
