// The order page's form door for the order's commands (issue 61): the post's `intent` names the command
// (worker/orders/commands/), whose `fromForm` reads the fields into its body, parsed by the same schema as the JSON
// door's; the command runs for the signed-in user. Answered as the page's posts are: { ok, intent, errors?, message? },
// and a money action sent without its confirmation with the confirm page's { confirm } (issue 75).
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { requestContext } from "#app/lib/request-context";
import { orderConfirmation } from "#app/loaders/orders/order-confirm-texts.server";
import { CONFIRMATION_REQUIRED, commandContext, orderIdFromForm, type Refusal } from "#worker/orders/command";
import { commandOfIntent } from "#worker/orders/commands";
import { getOrderDetail } from "#worker/orders/services/order-views";
import { cometNow } from "#worker/services/clock";
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
  if (!outcome.ok && outcome.error === CONFIRMATION_REQUIRED) return confirmPage(context, user, intent, form);
  if (!outcome.ok) {
    console.warn(`order ${String(form.get("orderId"))}: ${intent} refused (${outcome.error})`);
    return refused(intent, outcome);
  }
  return { ok: true as const, intent };
}

/**
 * A money action posted without `confirmed` (pressed before its part of the page hydrated, or without script): nothing
 * was done, and the answer is a page that says what will happen and posts the same fields again with `confirmed=true`.
 * The order is the page's (`?order=`), read for its parties only: anyone else is answered as a stranger is.
 */
async function confirmPage(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  intent: string,
  form: FormData,
) {
  const { db, env, url, locale } = context.get(requestContext);
  const code = url.searchParams.get("order");
  const viewer = { commissionAccountId: user.commissionAccountId, profileId: user.profileId, locale };
  const [order, now] = await Promise.all([
    code ? getOrderDetail(db, env, code, { ...viewer, displayCurrencyCode: user.displayCurrencyCode }) : null,
    cometNow(env),
  ]);
  if (!order || order.id !== String(form.get("orderId"))) return refused(intent, { status: 404 });
  // The order as its page's address reads, whether the post came as the page or as React Router's data request.
  const back = new URL(url);
  back.pathname = back.pathname.replace(/\.data$/, "");
  for (const name of ["index", "_routes"]) back.searchParams.delete(name);
  return { ok: false as const, intent, confirm: orderConfirmation(order, form, `${back.pathname}${back.search}`, now) };
}
