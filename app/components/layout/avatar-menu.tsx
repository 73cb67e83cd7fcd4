import { m } from "~/paraglide/messages.js";
import { isCreatorSide } from "../../../worker/domain/roles";
import { Avatar } from "./avatar";
import { Dropdown, MenuButton, MenuLink, MenuSeparator } from "./dropdown";
import { LogOutIcon } from "./icons";
import { signOut } from "./sign-out";
import { ThemeToggleMenuItem } from "./theme-toggle";

/** Classes for the spec's screen-size rule: "small screens" are below Tailwind's md breakpoint (768px). */
const SMALL_ONLY = "md:hidden";

/**
 * The avatar menu, with the link table of spec section 2. Admins and creators see the creator side;
 * "non-creator" items are hidden from them.
 */
export function AvatarMenu({ handle, avatarUrl, roles, host }: { handle: string; avatarUrl: string | null; roles: string[]; host: string }) {
  const creator = isCreatorSide(roles);
  return (
    <Dropdown
      label={m.menu_account_label()}
      triggerClassName="header-icon-button"
      panelClassName="md:w-72"
      trigger={<Avatar src={avatarUrl} className="size-8" />}
    >
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
      <MenuLink to="/dashboard/setting/profile">{m.menu_settings()}</MenuLink>
      {creator ? (
        <>
          <MenuLink to="/dashboard/commission/managements">{m.menu_managements()}</MenuLink>
          <MenuLink to="/dashboard/commission/setting/form">{m.menu_form()}</MenuLink>
          <MenuLink to="/dashboard/portfolio/creator">{m.menu_portfolio()}</MenuLink>
          <MenuLink to="/dashboard/creator/wallet">{m.menu_payout()}</MenuLink>
          <MenuLink to="/dashboard/commission/client/requests" className={SMALL_ONLY}>
            {m.menu_sent_requests()}
          </MenuLink>
          <MenuLink to="/dashboard/history/sales" className={SMALL_ONLY}>
            {m.menu_sales()}
          </MenuLink>
          <MenuLink to="/dashboard/history/billing" className={SMALL_ONLY}>
            {m.menu_billing_history()}
          </MenuLink>
        </>
      ) : (
        <>
          <MenuLink to="/dashboard/portfolio/client">{m.menu_portfolio()}</MenuLink>
          <MenuLink to="/dashboard/commission/client/requests">{m.menu_sent_requests()}</MenuLink>
          <MenuLink to="/dashboard/billing" className={SMALL_ONLY}>
            {m.menu_billing()}
          </MenuLink>
          <MenuLink to="/dashboard/creator/home" className={SMALL_ONLY}>
            {m.menu_join_as_creator()}
          </MenuLink>
        </>
      )}
      <MenuSeparator />
      <ThemeToggleMenuItem />
      <MenuLink to="/">{m.menu_support()}</MenuLink>
      <MenuSeparator />
      <MenuButton onSelect={() => void signOut()}>
        <LogOutIcon className="size-4 text-zinc-600 dark:text-zinc-400" />
        {m.menu_log_out()}
      </MenuButton>
    </Dropdown>
  );
}
