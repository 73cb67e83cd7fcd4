import { lazy } from "react";

// The header menus' panels, one chunk loaded on first use (menu-panels.tsx). `preloadMenuPanels` starts the load
// when a pointer nears a menu button or it gets focus, so the panel is usually there by the click.
const loadMenuPanels = () => import("./menu-panels");

export const preloadMenuPanels = () => void loadMenuPanels();

export const AvatarMenuPanel = lazy(() => loadMenuPanels().then((module) => ({ default: module.AvatarMenuPanel })));
export const CurrencyMenuPanel = lazy(() => loadMenuPanels().then((module) => ({ default: module.CurrencyMenuPanel })));
export const LanguageMenuPanel = lazy(() => loadMenuPanels().then((module) => ({ default: module.LanguageMenuPanel })));
export const NotificationPanel = lazy(() => loadMenuPanels().then((module) => ({ default: module.NotificationPanel })));
export const DropdownPanel = lazy(() => loadMenuPanels().then((module) => ({ default: module.DropdownPanel })));
