import { m } from "~/paraglide/messages.js";
import { avatarMenuLinks } from "~/components/dashboard/dashboard-nav";
import { isCreatorSide } from "../../../worker/domain/roles";
import { Avatar } from "./avatar";
import { MenuButton, MenuLink, MenuSeparator } from "./dropdown";
import { LogOutIcon } from "./icons";
import { signOut } from "./sign-out";
import { ThemeToggleMenuItem } from "./theme-toggle";

/** Classes for the spec's screen-size rule: "small screens" are below Tailwind's md breakpoint (768px). */
const SMALL_ONLY = "md:hidden";

/**
 * The avatar menu's items, with the link table of spec section 2 (loaded on first open, see avatar-menu.tsx).
 * Admins and creators see the creator side; "non-creator" items are hidden from them.
 */
export function AvatarMenuPanel({ handle, avatarUrl, roles, host }: { handle: string; avatarUrl: string | null; roles: string[]; host: string }) {
  return (
    <>
      <MenuLink to={`/${handle}`} className="items-center">
        <Avatar src={avatarUrl} className="size-9" />
        <span className="min-w-0">
          <span className="block truncate font-semibold">
            {host}/{handle}
          </span>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">{m.menu_public_profile()}</span>
        </span>
      </MenuLink>
      <MenuSeparator />
      {avatarMenuLinks(isCreatorSide(roles)).map((link) => (
        <MenuLink key={link.to} to={link.to} className={link.smallScreensOnly ? SMALL_ONLY : undefined}>
          {link.label}
        </MenuLink>
      ))}
      <MenuSeparator />
      <ThemeToggleMenuItem />
      <MenuLink to="/">{m.menu_support()}</MenuLink>
      <MenuSeparator />
      <MenuButton onSelect={() => void signOut()}>
        <LogOutIcon className="size-4 text-zinc-600 dark:text-zinc-400" />
        {m.menu_log_out()}
      </MenuButton>
    </>
  );
}
