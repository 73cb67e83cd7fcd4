import type { ReactNode } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";

/** A media list's frame (media-list-field.tsx): its legend, hint with the count, errors, add button and spoken status, around the items. */
export function MediaListFrame(props: {
  idPrefix: string;
  legend: string;
  hint: string;
  count: number;
  max: number;
  error?: string;
  /** The limit's or the images-only refusal's alert. */
  notice?: string;
  addLabel?: string;
  onAdd: () => void;
  announcement?: string;
  children?: ReactNode;
}) {
  const hintId = `${props.idPrefix}-hint`;
  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{props.legend}</legend>
      <p id={hintId} className="text-sm text-zinc-600 dark:text-zinc-400">
        {props.hint} · {m.media_list_count({ count: props.count, max: props.max })}
      </p>
      <ErrorText id={`${props.idPrefix}-error`} text={props.error} />
      <ErrorText text={props.notice} persistent />
      {props.children}
      {props.count < props.max || props.max > 1 ? (
        <button type="button" className="button-secondary min-h-11" aria-describedby={hintId} onClick={props.onAdd}>
          {props.addLabel ?? m.media_add_open()}
        </button>
      ) : null}
      <p role="status" className="sr-only">
        {props.announcement}
      </p>
    </fieldset>
  );
}
