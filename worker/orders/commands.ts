/**
 * Every order command, one file each in `./commands/` (issue 61): adding an action's file adds its JSON route and its
 * form intent; nothing else lists them. Vite gathers the files at build time (the Worker's build and the tests' alike).
 */
import type { OrderCommand } from "./command";

const modules = import.meta.glob<{ default: OrderCommand }>(["./commands/*.ts", "!./commands/*.test.ts"], {
  eager: true,
});

export const ORDER_COMMANDS: readonly OrderCommand[] = Object.values(modules).map((module) => module.default);

const BY_INTENT = new Map(
  ORDER_COMMANDS.flatMap((command) => [command.intent ?? []].flat().map((intent) => [intent, command] as const)),
);

/** The command the order page's form intent runs, if any. */
export const commandOfIntent = (intent: string): OrderCommand | undefined => BY_INTENT.get(intent);
