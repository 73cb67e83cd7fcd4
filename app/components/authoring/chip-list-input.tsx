import { useId, useRef, useState } from "react";
import { controlBorder, controlClass } from "#app/components/form/field";
import { useTypedBeforeHydration } from "#app/components/form/typed-before-hydration";
import { ErrorText } from "#app/components/form/error-text";

/**
 * A list of short entries as removable chips plus a text box: the work editor's tags (tag-input.tsx, with
 * suggestions), its own categories and each grant list's user handles. Enter or the add button puts the typed entry
 * in through `add` (which ignores empty and repeated ones), and so does leaving the box unless `addOnBlur` is false.
 * A suggestion is added as if typed. Read-only: the chips alone, or `emptyText`.
 */
export function ChipListInput(props: {
  label: string;
  hint?: string;
  items: string[];
  maxLength: number;
  addLabel: string;
  removeLabel: (item: string) => string;
  add: (items: string[], typed: string) => string[];
  error?: string;
  readOnly?: boolean;
  emptyText?: string;
  /** How a chip shows its entry (e.g. "@alice"). */
  show?: (item: string) => string;
  /** Off where suggestions are offered: choosing one leaves the box, which must not add the half-typed text too. */
  addOnBlur?: boolean;
  onTypedChange?: (typed: string) => void;
  suggestions?: { label: string; items: string[] };
  onChange: (items: string[]) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const show = props.show ?? ((item: string) => item);
  const type = (text: string) => {
    setTyped(text);
    props.onTypedChange?.(text);
  };
  const add = (entry: string) => {
    props.onChange(props.add(props.items, entry));
    type("");
  };
  // Text typed into the box before the page hydrated is kept (decision 060), so Enter then adds it.
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(box, type);
  const described =
    [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const suggestions = props.suggestions?.items ?? [];

  return (
    <div className="space-y-2">
      {props.readOnly ? (
        <p id={`${id}-label`} className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {props.label}
        </p>
      ) : (
        <label htmlFor={`${id}-input`} className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {props.label}
        </label>
      )}
      {props.items.length > 0 ? (
        <ul aria-label={props.label} className="flex flex-wrap gap-2">
          {props.items.map((item) => (
            <li
              key={item}
              className={`inline-flex items-center gap-1 rounded-full bg-zinc-200 py-1 ${props.readOnly ? "px-3" : "pr-1 pl-3"} text-sm text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100`}
            >
              <span>{show(item)}</span>
              {props.readOnly ? null : (
                <button
                  type="button"
                  aria-label={props.removeLabel(item)}
                  className="inline-flex size-7 items-center justify-center rounded-full hover:bg-zinc-300 dark:hover:bg-zinc-700"
                  onClick={() => props.onChange(props.items.filter((x) => x !== item))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : props.readOnly && props.emptyText ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{props.emptyText}</p>
      ) : null}
      {props.readOnly ? null : (
        <div className="flex gap-2">
          <input
            ref={box}
            id={`${id}-input`}
            type="text"
            value={typed}
            maxLength={props.maxLength}
            aria-describedby={described}
            aria-invalid={props.error ? true : undefined}
            className={`${controlClass} ${controlBorder(Boolean(props.error))}`}
            onChange={(e) => type(e.currentTarget.value)}
            // Leaving the box (to save, say) keeps what was typed as an entry rather than dropping it.
            onBlur={() => {
              if (props.addOnBlur !== false && typed.trim()) add(typed);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.nativeEvent.isComposing) {
                e.preventDefault();
                add(typed);
              }
            }}
          />
          <button type="button" className="button-secondary min-h-11 shrink-0" onClick={() => add(typed)}>
            {props.addLabel}
          </button>
        </div>
      )}
      {props.hint ? (
        <p id={`${id}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
          {props.hint}
        </p>
      ) : null}
      {suggestions.length > 0 && (
        <div>
          <p id={`${id}-suggestions`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {props.suggestions?.label}
          </p>
          <ul aria-labelledby={`${id}-suggestions`} className="mt-1 flex flex-wrap gap-2">
            {suggestions.map((item) => (
              <li key={item}>
                <button
                  type="button"
                  className="min-h-9 rounded-full border border-zinc-400 px-3 text-sm text-zinc-900 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
                  onClick={() => add(item)}
                >
                  {item}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ErrorText id={`${id}-error`} text={props.error} />
    </div>
  );
}
