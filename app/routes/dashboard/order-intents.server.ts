// The order page's form door for the order's commands (issue 61): the post's `intent` names the command
// (worker/orders/commands/), whose `fromForm` reads the fields into its body, parsed by the same schema as the JSON
// door's; the command runs for the signed-in user. Answered as the page's posts are: { ok, intent, errors?, message? }.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { requestContext } from "#app/lib/request-context";
import { commandContext, orderIdFromForm, type Refusal } from "#worker/orders/command";
import { commandOfIntent } from "#worker/orders/commands";
import type { SessionUser } from "#worker/services/sessions";

/** A refusal as the page shows it: its `page` words where the command gives them, else its errors and message. */
const refused = (intent: string, refusal: Pick<Refusal, "status" | "errors" | "message" | "page">) => {
  const { errors, message } = refusal.page ?? refusal;
  return data(
    { ok: false as const, intent, ...(errors && { errors }), ...(message && { message }) },
    { status: refusal.page?.status ?? refusal.status },
  );
};

/** The post's command run, or null when its intent names none. */
export async function runOrderIntent(context: Readonly<RouterContextProvider>, user: SessionUser, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const command = commandOfIntent(intent);
  if (!command) return null;
  const commandCtx = commandContext(context.get(requestContext), user);
  const reading = (command.fromForm ?? orderIdFromForm)(form, commandCtx);
  if ("errors" in reading) return refused(intent, { status: 400, errors: reading.errors });
  const body = v.safeParse(command.body, reading.input);
  if (!body.success) return refused(intent, command.refuseBody?.(body.issues, commandCtx) ?? { status: 400 });
  const outcome = await command.run(commandCtx, body.output);
  if (!outcome.ok) {
    console.warn(`order ${String(form.get("orderId"))}: ${intent} refused (${outcome.error})`);
    return refused(intent, outcome);
  }
  return { ok: true as const, intent };
}
