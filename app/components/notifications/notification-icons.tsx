import { Svg, type IconProps } from "#app/components/layout/icons";
import type { NotificationColour, NotificationIcon } from "#worker/domain/notification-kinds";

// The drawings behind the icon names of worker/domain/notification-kinds.ts, and the colour names' classes (each
// spelled out, so Tailwind finds them). Loaded with the bell's panel and the notification page, not every page.

const PATHS: Record<NotificationIcon, string> = {
  inbox:
    "M4 13.5 6.2 6a1.5 1.5 0 0 1 1.4-1h8.8a1.5 1.5 0 0 1 1.4 1l2.2 7.5V18a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18v-4.5Zm0 0h4.5l1 2h5l1-2H20",
  check: "M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17ZM8.5 12.2l2.3 2.3 4.7-5",
  card: "M3.5 7A1.5 1.5 0 0 1 5 5.5h14A1.5 1.5 0 0 1 20.5 7v10a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 17V7Zm0 3h17M7 15h3",
  package: "M12 3.5 20 7.5v9L12 20.5 4 16.5v-9l8-4Zm0 8.5 8-4.5M12 12 4 7.5M12 12v8.5M8 5.5l8 4.2",
  flag: "M5.5 20.5v-16m0 0h11l-2 4 2 4h-11",
  star: "m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z",
  cancel: "M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17ZM9 9l6 6m0-6-6 6",
  clock: "M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17ZM12 7.5V12l3 2",
  invite: "M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6.5 9a6.5 6.5 0 0 1 13 0M19 8v6m3-3h-6",
  chat: "M4.5 18.5V6A1.5 1.5 0 0 1 6 4.5h12A1.5 1.5 0 0 1 19.5 6v8a1.5 1.5 0 0 1-1.5 1.5H8l-3.5 3Z",
};

export function NotificationGlyph({ icon, className }: IconProps & { icon: NotificationIcon }) {
  return (
    <Svg className={className}>
      <path d={PATHS[icon] ?? PATHS.inbox} />
    </Svg>
  );
}

/** A tinted disc behind the icon; the pairs keep 4.5:1 contrast in light and dark. */
export const COLOUR_CLASSES: Record<NotificationColour, string> = {
  sky: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  emerald: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  violet: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  teal: "bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200",
  red: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  pink: "bg-pink-100 text-pink-800 dark:bg-pink-950 dark:text-pink-200",
};
