import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { m } from "#app/paraglide/messages.js";
import { TAG_MAX_LENGTH, TAG_SEARCH_DEBOUNCE_MS, addTag } from "#worker/domain/portfolio-fields";
import { ChipListInput } from "./chip-list-input";

const TAG_SEARCH_PATH = DASHBOARD_PATHS.portfolioTags;

/** The field's fixed texts (from the loader, see WorkEditorTexts). */
export interface TagTexts {
  label: string;
  hint: string;
  add: string;
  suggestions: string;
}

/**
 * Tags as removable chips plus a text box (ChipListInput). Enter or Add puts the typed tag in the list; empty and
 * duplicate (trimmed) tags are ignored. Existing tags are suggested 500 ms after the last keystroke.
 */
export function TagInput({
  texts,
  tags,
  onChange,
  error,
}: {
  texts: TagTexts;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const [typed, setTyped] = useState("");
  const fetcher = useFetcher<{ tags: string[] }>();
  const load = fetcher.load;

  useEffect(() => {
    const q = typed.trim();
    if (!q) return;
    const timer = setTimeout(() => load(`${TAG_SEARCH_PATH}?q=${encodeURIComponent(q)}`), TAG_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, load]);

  const lower = new Set(tags.map((t) => t.toLowerCase()));
  const suggestions = typed.trim() ? (fetcher.data?.tags ?? []).filter((t) => !lower.has(t.toLowerCase())) : [];

  return (
    <ChipListInput
      label={texts.label}
      hint={texts.hint}
      items={tags}
      maxLength={TAG_MAX_LENGTH}
      addLabel={texts.add}
      removeLabel={(tag) => m.authoring_tag_remove({ tag })}
      add={addTag}
      error={error}
      addOnBlur={false}
      onTypedChange={setTyped}
      suggestions={{ label: texts.suggestions, items: suggestions }}
      onChange={onChange}
    />
  );
}
