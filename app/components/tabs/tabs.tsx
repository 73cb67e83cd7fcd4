import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

const LOOKS = {
  /** A rounded segmented control (the add-media dialog). */
  pill: {
    list: "flex gap-1 rounded-full bg-zinc-100 p-1 dark:bg-zinc-800",
    tab: "min-h-10 flex-1 rounded-full px-3 text-sm font-semibold text-zinc-700 focus-visible:outline-2 focus-visible:outline-brand-600 aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:text-zinc-300 dark:focus-visible:outline-brand-300 dark:aria-selected:bg-zinc-950 dark:aria-selected:text-zinc-50",
  },
  /** Underlined tabs (the notification menu). */
  underline: {
    list: "flex gap-1 border-b border-zinc-200 px-1 dark:border-zinc-800",
    tab: "-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 aria-selected:border-brand-600 aria-selected:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100 dark:aria-selected:border-brand-300 dark:aria-selected:text-zinc-50",
  },
} as const;

/**
 * The one tab list (WAI-ARIA tabs pattern): one tab in the Tab order, Arrow Left/Right (wrapping), Home and End move
 * and select, and the panel is labelled by its tab. `children` renders the selected panel.
 */
export function Tabs<T extends string>(props: {
  label: string;
  tabs: readonly TabItem<T>[];
  initial?: T;
  /** Controlled: the selected tab, set by the owner too (the order summary's Pay opens Payment); else the list's own. */
  selected?: T;
  onSelect?: (id: T) => void;
  look: keyof typeof LOOKS;
  className?: string;
  panelClassName?: string;
  children: (selected: T) => ReactNode;
}) {
  const baseId = useId();
  const [own, setOwn] = useState<T>(props.initial ?? props.tabs[0].id);
  const selected = props.selected ?? own;
  const setSelected = (id: T) => {
    setOwn(id);
    props.onSelect?.(id);
  };
  const tabRefs = useRef(new Map<T, HTMLButtonElement | null>());
  const look = LOOKS[props.look];
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = (id: T) => `${baseId}-panel-${id}`;

  const select = (id: T) => {
    setSelected(id);
    tabRefs.current.get(id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const ids = props.tabs.map((t) => t.id);
    const index = ids.indexOf(selected);
    const next =
      event.key === "ArrowRight"
        ? ids[(index + 1) % ids.length]
        : event.key === "ArrowLeft"
          ? ids[(index + ids.length - 1) % ids.length]
          : event.key === "Home"
            ? ids[0]
            : event.key === "End"
              ? ids[ids.length - 1]
              : null;
    if (next === null) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={props.className}>
      <div role="tablist" aria-label={props.label} className={look.list} onKeyDown={onKeyDown}>
        {props.tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current.set(tab.id, el);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={selected === tab.id}
            aria-controls={panelId(tab.id)}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => setSelected(tab.id)}
            className={look.tab}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} className={props.panelClassName}>
        {props.children(selected)}
      </div>
    </div>
  );
}
