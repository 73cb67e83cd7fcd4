import { lazy } from "react";
import { m } from "~/paraglide/messages.js";
import { Avatar } from "./avatar";
import { Dropdown } from "./dropdown";

// The items (and the dashboard's link table they come from) load on first open or when the pointer nears the avatar.
const loadPanel = () => import("./avatar-menu-panel");
const AvatarMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.AvatarMenuPanel })));

/** The avatar menu (spec section 2): the trigger is rendered with the page, its items load on demand. */
export function AvatarMenu({ handle, avatarUrl, roles, host }: { handle: string; avatarUrl: string | null; roles: string[]; host: string }) {
  return (
    <Dropdown
      label={m.menu_account_label()}
      triggerClassName="header-icon-button"
      panelClassName="md:w-72"
      trigger={<Avatar src={avatarUrl} className="size-8" />}
      onIntent={() => void loadPanel()}
    >
      <AvatarMenuPanel handle={handle} avatarUrl={avatarUrl} roles={roles} host={host} />
    </Dropdown>
  );
}
