/**
 * An order action as one command (issue 61): the body it takes and its handler, in one file under
 * `worker/orders/commands/`, with its test beside it. The body is one valibot schema: the JSON door
 * (`worker/api/order-commands.ts`) parses a request with it, and the order page's form door
 * (`app/routes/dashboard/order-intents.server.ts`) parses what the command's `fromForm` read from the page's fields.
 * The handler asks the Order object and answers an `Outcome`, which each door only lays out: JSON with a status, or the
 * page's `{ ok, intent, errors?, message? }`. Only commands hold an Order stub (`npm run validate` refuses a door that
 * does).
 */
import type * as v from "valibot";
import type { Database } from "../db/client";
import type { Locale } from "../domain/locales";
import type { SessionUser } from "../services/sessions";
import type { ActionType } from "./domain/order-process";

/** Who asks, and with what: the signed-in user, the request's bindings, its D1 session and its language. */
export interface CommandContext {
  env: Env;
  db: Database;
  executionCtx: ExecutionContext;
  locale: Locale;
  user: SessionUser;
}

/**
 * Why a command did nothing: the HTTP status the JSON door answers, the key, and the words the caller reads where the
 * command words them (`message`, and `errors` by field for input the page shows beside its field).
 */
export interface Refusal {
  status: 400 | 402 | 403 | 404 | 409 | 503;
  error: string;
  message?: string;
  errors?: Record<string, string>;
  /** The stage a plan's refusal is about (POST /stages). */
  index?: number;
  /**
   * How the order page's form words the refusal where it does not as the JSON door does: its input's words by field
   * instead of the message (a date the rule refused), or the page's own words where nothing else words the refusal.
   * The JSON door never answers it. `status`: the page's own, where it answered differently (the order's own refusals
   * are 409 there, a stranger's too, as the page always answered them).
   */
  page?: { errors?: Record<string, string>; message?: string; status?: 409 };
}

export type Outcome<D = unknown> = (
  | {
      ok: true;
      /** What the JSON door answers as `data`. */
      data: D;
      /** Its status when not 200: a payment the card declined is done, and answered 402 with Stripe's codes. */
      status?: 402 | 409;
    }
  | ({ ok: false } & Refusal)
) & {
  /** Response headers the JSON door adds (outside production: the object's own D1 round trips). */
  headers?: Record<string, string>;
};

/**
 * The order page's form read into the command's body, or the fields' errors in the poster's language. A post no page
 * sends (a field missing or malformed) is read as `{ input: null }`: the body's schema refuses it, 400 without words.
 */
export type FormReading = { input: unknown } | { errors: Record<string, string> };

export interface OrderCommand<S extends v.GenericSchema = v.GenericSchema, D = unknown> {
  /** Its JSON route, under /api/features/commission/order (spec section 7). */
  path: string;
  /**
   * The order page's form intent that runs it, when the page posts one; several when the page posts one action under
   * several intents (the price and the dates of `/update`), which `fromForm` tells apart by the form's `intent`.
   */
  intent?: string | readonly string[];
  body: S;
  /**
   * The Order actions it asks for (null: none of the process table's). Required, so no command forgets it: where a row
   * of one moves money (`asksConfirmation`, issue 75), `commands.ts` adds the body's `confirmed` and refuses the
   * command without it, at both doors.
   */
  action: ActionType | readonly ActionType[] | null;
  /** The JSON door answers `data` as the whole body, not under `data` (the pay doors' answers, spec section 7). */
  bare?: true;
  /** Reads the page's form into the body; without it the form posts `orderId` alone. */
  fromForm?: (form: FormData, context: CommandContext) => FormReading;
  /** The answer to a body its schema refuses, when the command words one (400 `invalid_request` without it). */
  refuseBody?: (issues: readonly v.BaseIssue<unknown>[], context: CommandContext) => Refusal;
  run: (context: CommandContext, input: v.InferOutput<S>) => Promise<Outcome<D>>;
}

/** A request's context as a command's, for its signed-in user. */
export const commandContext = (request: Omit<CommandContext, "user">, user: SessionUser): CommandContext => ({
  env: request.env,
  db: request.db,
  executionCtx: request.executionCtx,
  locale: request.locale,
  user,
});

/** A command as its file exports it (`export default defineCommand({...})`), its input typed by its schema. */
export const defineCommand = <S extends v.GenericSchema, D>(command: OrderCommand<S, D>): OrderCommand<S, D> => command;

/** The form's `orderId` alone: the body of the commands that name an order and nothing else. */
export const orderIdFromForm = (form: FormData): FormReading => ({ input: { orderId: form.get("orderId") } });

export const refuse = (refusal: Refusal): Outcome<never> => ({ ok: false, ...refusal });

/** The refusal of a money action sent without `confirmed: true` (issue 75): nothing was done. */
export const CONFIRMATION_REQUIRED = "confirmation_required";

/** A stranger to the order is told what an unknown id gets: order ids cannot be confirmed by asking. */
export const NOT_FOUND: Refusal = { status: 404, error: "not_found" };
