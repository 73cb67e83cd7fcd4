/**
 * Every order command, one file each in `./commands/` (issue 61): adding an action's file adds its JSON route and its
 * form intent; nothing else lists them. Vite gathers the files at build time (the Worker's build and the tests' alike).
 */
import * as v from "valibot";
import { confirmationRequiredMessage } from "../messages/orders";
import { CONFIRMATION_REQUIRED, type OrderCommand, orderIdFromForm, refuse } from "./command";
import { asksConfirmation } from "./domain/order-process";

const modules = import.meta.glob<{ default: OrderCommand }>(["./commands/*.ts", "!./commands/*.test.ts"], {
  eager: true,
});

/**
 * A command whose action moves money (issue 75; the process table's `money` column says which) takes `confirmed`
 * besides its body and does nothing without `confirmed: true`: 400 `confirmation_required` in the caller's words. The
 * page's form sends it as `confirmed=true`, which its confirm dialog adds and its confirm page posts. A page pressed
 * before its part hydrated posts without it and is answered by the confirm page, so no money moves unasked.
 */
function confirming(command: OrderCommand): OrderCommand {
  if (![command.action ?? []].flat().some(asksConfirmation)) return command;
  if (command.body.type !== "object") throw new Error(`${command.path}: a confirmed command's body is an object`);
  const { entries } = command.body as unknown as v.ObjectSchema<v.ObjectEntries, undefined>;
  const readForm = command.fromForm ?? orderIdFromForm;
  return {
    ...command,
    body: v.object({ ...entries, confirmed: v.optional(v.boolean()) }),
    fromForm: (form, context) => {
      const reading = readForm(form, context);
      if (!("input" in reading) || typeof reading.input !== "object" || reading.input === null) return reading;
      return { input: { ...reading.input, confirmed: form.get("confirmed") === "true" } };
    },
    run: async (context, body) => {
      const { confirmed, ...input } = body as { confirmed?: boolean };
      if (confirmed !== true)
        return refuse({
          status: 400,
          error: CONFIRMATION_REQUIRED,
          message: confirmationRequiredMessage(context.locale),
        });
      return command.run(context, input);
    },
  };
}

export const ORDER_COMMANDS: readonly OrderCommand[] = Object.values(modules).map((module) =>
  confirming(module.default),
);

const BY_INTENT = new Map(
  ORDER_COMMANDS.flatMap((command) => [command.intent ?? []].flat().map((intent) => [intent, command] as const)),
);

/** The command the order page's form intent runs, if any. */
export const commandOfIntent = (intent: string): OrderCommand | undefined => BY_INTENT.get(intent);
