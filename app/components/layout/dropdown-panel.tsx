import { Suspense, useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";

/**
 * The open panel of a header dropdown (dropdown.tsx): it loads with the menus' panels (menu-panels.tsx) on the first
 * open, so its keyboard and focus handling are not in every page's JavaScript.
 * - kind "menu": arrow keys, Home/End move between the visible items; Escape closes and returns focus; Tab closes.
 * - kind "dialog": Escape closes and returns focus; following a link closes it.
 * Both close on a pointer down outside the dropdown. At most 440px high (spec section 9), it scrolls.
 */
export function DropdownPanel({
  kind,
  id,
  labelledBy,
  rootRef,
  focusOnOpen,
  className,
  onClose,
  children,
}: {
  kind: "menu" | "dialog";
  id: string;
  labelledBy: string;
  /** The dropdown, trigger included: a pointer down outside it closes the panel. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** Which menu item takes focus once the items are in: the first, the last (opened by ArrowUp), or the panel. */
  focusOnOpen: "first" | "last" | "panel";
  className: string;
  onClose: (returnFocus?: boolean) => void;
  children: ReactNode;
}) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener("pointerdown", onPointerDown);
    // A menu's first item already has focus when its items were loaded (FocusWhenMounted's effect runs first);
    // while they load, and for a popover, the panel holds focus (Escape works from it).
    if (!panelRef.current?.contains(document.activeElement)) panelRef.current?.focus();
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [rootRef, onClose]);

  const focusFirstItem = useCallback(() => {
    if (kind !== "menu" || focusOnOpen === "panel") return;
    const items = menuItems(panelRef.current);
    (focusOnOpen === "last" ? items.at(-1) : items[0])?.focus();
  }, [kind, focusOnOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (kind !== "menu") return;
    if (event.key === "Tab") {
      onClose();
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

  return (
    <div
      ref={panelRef}
      id={id}
      role={kind}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // Choosing an item (a link or an action) closes the menu; following a link closes the popover.
        if ((event.target as HTMLElement).closest(kind === "menu" ? "[role^='menuitem']" : "a[href]")) onClose();
      }}
      className={`dropdown-panel ${className}`}
    >
      <Suspense fallback={null}>
        {children}
        <FocusWhenMounted onMount={focusFirstItem} />
      </Suspense>
    </div>
  );
}

/** Visible menu items only: items hidden at this screen size (md:hidden, hidden md:flex) are skipped. */
function menuItems(panel: HTMLElement | null): HTMLElement[] {
  if (!panel) return [];
  return Array.from(panel.querySelectorAll<HTMLElement>("[role^='menuitem']")).filter(
    (el) => el.getClientRects().length > 0,
  );
}

/** Runs `onMount` once its Suspense boundary has committed, i.e. once lazy siblings before it are in the DOM. */
function FocusWhenMounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}
