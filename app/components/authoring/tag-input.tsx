import { useEffect, useId, useRef, useState } from "react";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { useFetcher } from "react-router";
import { m } from "~/paraglide/messages.js";
import { TAG_MAX_LENGTH, TAG_SEARCH_DEBOUNCE_MS, addTag } from "../../../worker/domain/portfolio-fields";
import { controlBorder, controlClass } from "~/components/form/field";
import { ErrorText } from "~/components/form/error-text";

const TAG_SEARCH_PATH = DASHBOARD_PATHS.portfolioTags;

/**
 * Tags as removable chips plus a text box. Enter or Add puts the typed tag in the list; empty and duplicate
 * (trimmed) tags are ignored. Existing tags are suggested 500 ms after the last keystroke.
 */
/** The field's fixed texts (from the loader, see WorkEditorTexts). */
export interface TagTexts {
  label: string;
  hint: string;
  add: string;
  suggestions: string;
}

export function TagInput({ texts, tags, onChange, error }: { texts: TagTexts; tags: string[]; onChange: (tags: string[]) => void; error?: string }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const fetcher = useFetcher<{ tags: string[] }>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const load = fetcher.load;

  useEffect(() => {
    clearTimeout(timer.current);
    const q = typed.trim();
    if (!q) return;
    timer.current = setTimeout(() => load(`${TAG_SEARCH_PATH}?q=${encodeURIComponent(q)}`), TAG_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [typed, load]);

  const add = (value: string) => {
    onChange(addTag(tags, value));
    setTyped("");
  };
  const lower = new Set(tags.map((t) => t.toLowerCase()));
  const suggestions = typed.trim() ? (fetcher.data?.tags ?? []).filter((t) => !lower.has(t.toLowerCase())) : [];

  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {texts.label}
      </label>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-zinc-200 py-1 pr-1 pl-3 text-sm text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
              {tag}
              <button
                type="button"
                aria-label={m.authoring_tag_remove({ tag })}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-zinc-300 dark:hover:bg-zinc-700"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={`${id}-input`}
          type="text"
          value={typed}
          maxLength={TAG_MAX_LENGTH}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className={`${controlClass} ${controlBorder(Boolean(error))}`}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add(typed);
            }
          }}
        />
        <button type="button" className="button-secondary min-h-11 shrink-0" onClick={() => add(typed)}>
          {texts.add}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
        {texts.hint}
      </p>
      {suggestions.length > 0 && (
        <div>
          <p id={`${id}-suggestions`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {texts.suggestions}
          </p>
          <ul aria-labelledby={`${id}-suggestions`} className="mt-1 flex flex-wrap gap-2">
            {suggestions.map((tag) => (
              <li key={tag}>
                <button type="button" className="min-h-9 rounded-full border border-zinc-400 px-3 text-sm text-zinc-900 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800" onClick={() => add(tag)}>
                  {tag}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}
