import { m } from "#app/paraglide/messages.js";
import { Avatar } from "./avatar";
import { Dropdown } from "./dropdown";
import { AvatarMenuPanel, preloadMenuPanels } from "./lazy-panels";

/** The avatar menu: its button here, its links (spec section 2) in menu-panels.tsx, loaded on first use. */
export function AvatarMenu({
  handle,
  avatarUrl,
  roles,
  host,
}: {
  handle: string;
  avatarUrl: string | null;
  roles: string[];
  host: string;
}) {
  return (
    <Dropdown
      label={m.menu_account_label()}
      triggerClassName="header-icon-button"
      panelClassName="md:w-72"
      trigger={<Avatar src={avatarUrl} className="size-8" />}
      preload={preloadMenuPanels}
    >
      <AvatarMenuPanel handle={handle} avatarUrl={avatarUrl} roles={roles} host={host} />
    </Dropdown>
  );
}
