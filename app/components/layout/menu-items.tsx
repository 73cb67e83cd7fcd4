import type { ReactNode } from "react";
import { Link } from "react-router";
import { CheckIcon } from "./menu-icons";

// The items of the header menus (dropdown.tsx). Only the menus' lazily loaded panels (menu-panels.tsx) use them.

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

export function MenuButton({
  onSelect,
  children,
  className = "",
}: {
  onSelect: () => void;
  children: ReactNode;
  className?: string;
}) {
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
    <button
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      type="button"
      lang={lang}
      onClick={onSelect}
      className={itemClass}
    >
      <span className="flex-1">{children}</span>
      {checked ? <CheckIcon className="size-4 text-brand-600 dark:text-brand-300" /> : null}
    </button>
  );
}

export function MenuSeparator({ className = "" }: { className?: string }) {
  return <div role="separator" className={`my-1 h-px bg-zinc-200 dark:bg-zinc-800 ${className}`} />;
}
