import {
  Suspense,
  useCallback,
  useDeferredValue,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { DropdownPanel } from "./lazy-panels";

/**
 * A header dropdown: a trigger button and a panel anchored under it.
 * - kind "menu": WAI-ARIA menu button (ArrowDown/ArrowUp on the button open it on the first/last item).
 * - kind "dialog": a non-modal popover for richer content (the notification tabs); Tab moves through it, and it
 *   closes once focus has left the dropdown.
 * The button renders with the page; the open panel (dropdown-panel.tsx: its keyboard, focus and outside-click
 * handling) and its content load on the first open with the menus' panels (menu-panels.tsx). `preload` starts that
 * load when a pointer nears the trigger or it gets focus, so the panel is usually there by the click.
 *
 * A tap on a phone fires the pointer's enter, down, up and click in one frame, so neither the preload nor the panel's
 * first render runs in it: the preload starts after the frame is painted, and the panel renders as a deferred value
 * (the button's expanded state paints at once, the panel in the render that follows, once its chunk is there). The
 * tap stays under issue 35's 100 ms INP on a 4×-slowed phone (docs/decisions/072).
 */
export function Dropdown({
  kind = "menu",
  label,
  trigger,
  triggerClassName = "header-icon-button",
  panelClassName = "md:w-60",
  preload,
  children,
}: {
  kind?: "menu" | "dialog";
  /** The trigger's accessible name. */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  panelClassName?: string;
  /** Starts loading the panel before the first click. */
  preload?: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelOpen = useDeferredValue(open);
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last" | "panel">("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const triggerId = useId();

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const openWith = (focus: "first" | "last" | "panel") => {
    setFocusOnOpen(focus);
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (kind === "menu" && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      openWith(event.key === "ArrowUp" ? "last" : "first");
    }
  };

  // A non-modal popover also closes once focus has left it (keyboard users tabbing past it).
  const onBlur = (event: React.FocusEvent<HTMLDivElement>) => {
    if (kind === "dialog" && open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node))
      close();
  };

  return (
    <div ref={rootRef} className="relative" onBlur={onBlur}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup={kind === "menu" ? "menu" : "dialog"}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : openWith(kind === "menu" ? "first" : "panel"))}
        onKeyDown={onTriggerKeyDown}
        onPointerEnter={preload && (() => afterNextPaint(preload))}
        onFocus={preload && (() => afterNextPaint(preload))}
      >
        {trigger}
      </button>
      {open && panelOpen ? (
        <Suspense fallback={null}>
          <DropdownPanel
            kind={kind}
            id={panelId}
            labelledBy={triggerId}
            rootRef={rootRef}
            focusOnOpen={focusOnOpen}
            className={panelClassName}
            onClose={close}
          >
            {children}
          </DropdownPanel>
        </Suspense>
      ) : null}
    </div>
  );
}

/** Runs `task` once the current frame is painted, so an input's own frame does not wait for it. */
function afterNextPaint(task: () => void) {
  requestAnimationFrame(() => setTimeout(task, 0));
}
