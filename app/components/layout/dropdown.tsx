import { Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

/**
 * A header dropdown: a trigger button and a panel anchored under it.
 * - kind "menu": WAI-ARIA menu button (arrow keys, Home/End, Escape returns focus, Tab closes).
 * - kind "dialog": a non-modal popover for richer content (the notification tabs); Tab moves through it.
 * Both close on a click outside. The panel is at most 440px high (spec section 9) and scrolls.
 * The panel's content may be lazy (the header menus load theirs on first open, see menu-panels.tsx): `preload`
 * starts that load when a pointer nears the trigger or it gets focus, and a menu's first item gets focus once
 * the content has mounted.
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
  /** Starts loading lazy panel content before the first click. */
  preload?: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | "panel">("first");
  const panelId = useId();
  const triggerId = useId();

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    // A menu's first item already has focus when its items were loaded (FocusWhenMounted's effect runs first);
    // while they load, and for a popover, the panel holds focus (Escape works from it).
    if (!panelRef.current?.contains(document.activeElement)) panelRef.current?.focus();
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close]);

  const focusFirstItem = useCallback(() => {
    if (kind !== "menu") return;
    const items = menuItems(panelRef.current);
    (focusOnOpen.current === "last" ? items.at(-1) : items[0])?.focus();
  }, [kind]);

  const openWith = (focus: "first" | "last" | "panel") => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (kind !== "menu") return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openWith(event.key === "ArrowUp" ? "last" : "first");
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (kind !== "menu") return;
    if (event.key === "Tab") {
      close();
      return;
    }
    const items = menuItems(panelRef.current);
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (index + 1) % items.length,
      ArrowUp: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      items[moves[event.key]].focus();
    }
  };

  // A non-modal popover also closes once focus has left it (keyboard users tabbing past it).
  const onBlur = (event: React.FocusEvent<HTMLDivElement>) => {
    if (kind === "dialog" && open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) close();
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
        onPointerEnter={preload}
        onFocus={preload}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role={kind}
          aria-labelledby={triggerId}
          tabIndex={-1}
          onKeyDown={onPanelKeyDown}
          onClick={(event) => {
            // Choosing an item (a link or an action) closes the menu; following a link closes the popover.
            if ((event.target as HTMLElement).closest(kind === "menu" ? "[role^='menuitem']" : "a[href]")) close();
          }}
          className={`dropdown-panel ${panelClassName}`}
        >
          <Suspense fallback={null}>
            {children}
            <FocusWhenMounted onMount={focusFirstItem} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

/** Visible menu items only: items hidden at this screen size (md:hidden, hidden md:flex) are skipped. */
function menuItems(panel: HTMLElement | null): HTMLElement[] {
  if (!panel) return [];
  return Array.from(panel.querySelectorAll<HTMLElement>("[role^='menuitem']")).filter((el) => el.getClientRects().length > 0);
}

/** Runs `onMount` once its Suspense boundary has committed, i.e. once lazy siblings before it are in the DOM. */
function FocusWhenMounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}
