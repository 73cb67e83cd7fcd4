import { Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { CheckIcon } from "./icons";

/**
 * A header dropdown: a trigger button and a panel anchored under it.
 * - kind "menu": WAI-ARIA menu button (arrow keys, Home/End, Escape returns focus, Tab closes).
 * - kind "dialog": a non-modal popover for richer content (the notification tabs); Tab moves through it.
 * Both close on a click outside. The panel is at most 440px high (spec section 9) and scrolls.
 * The panel's content may be lazy (a menu's items load on first open, keeping them out of every page's JS): the
 * first item is focused once the content has mounted, and `onIntent` (pointer near or focus on the trigger) can
 * start loading it before the click.
 */
export function Dropdown({
  kind = "menu",
  label,
  trigger,
  triggerClassName = "header-icon-button",
  panelClassName = "md:w-60",
  onIntent,
  children,
}: {
  kind?: "menu" | "dialog";
  /** The trigger's accessible name. */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  panelClassName?: string;
  /** Called when the trigger is pointed at or focused: start loading a lazy panel. */
  onIntent?: () => void;
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
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close]);

  // Runs once the panel's content has mounted (after a lazy panel has loaded).
  const focusPanel = useCallback(() => {
    if (kind === "menu") {
      const items = menuItems(panelRef.current);
      (focusOnOpen.current === "last" ? items.at(-1) : items[0])?.focus();
    } else {
      panelRef.current?.focus();
    }
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
        onPointerEnter={onIntent}
        onFocus={onIntent}
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
            <OnMount run={focusPanel} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

/** Calls `run` once mounted: inside a Suspense boundary, that is once everything before it has loaded. */
function OnMount({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/** Visible menu items only: items hidden at this screen size (md:hidden, hidden md:flex) are skipped. */
function menuItems(panel: HTMLElement | null): HTMLElement[] {
  if (!panel) return [];
  return Array.from(panel.querySelectorAll<HTMLElement>("[role^='menuitem']")).filter((el) => el.getClientRects().length > 0);
}

const itemClass =
  "menu-item flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-zinc-800 hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none dark:text-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800";

/** A link in a menu. `className` carries the screen-size visibility (e.g. "md:hidden"). */
export function MenuLink({ to, children, className = "" }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link role="menuitem" tabIndex={-1} to={to} className={`${itemClass} ${className}`}>
      {children}
    </Link>
  );
}

export function MenuButton({ onSelect, children, className = "" }: { onSelect: () => void; children: ReactNode; className?: string }) {
  return (
    <button role="menuitem" tabIndex={-1} type="button" onClick={onSelect} className={`${itemClass} ${className}`}>
      {children}
    </button>
  );
}

export function MenuRadio({
  checked,
  onSelect,
  children,
  lang,
}: {
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
  lang?: string;
}) {
  return (
    <button role="menuitemradio" aria-checked={checked} tabIndex={-1} type="button" lang={lang} onClick={onSelect} className={itemClass}>
      <span className="flex-1">{children}</span>
      {checked ? <CheckIcon className="size-4 text-brand-600 dark:text-brand-300" /> : null}
    </button>
  );
}

export function MenuSeparator({ className = "" }: { className?: string }) {
  return <div role="separator" className={`my-1 h-px bg-zinc-200 dark:bg-zinc-800 ${className}`} />;
}
