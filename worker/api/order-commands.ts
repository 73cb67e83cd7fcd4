import type { Hono } from "hono";
import type { AppContext, AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { commandContext, type OrderCommand, type Outcome } from "../orders/command";

/**
 * The JSON door of the order's commands (issue 61): each command's route under /api/features/commission/order, its
 * body parsed first by the command's schema (`jsonBody`, decision 048), then run for the signed-in caller. The answer
 * is laid out here and nowhere else: `{ data }` when done, `{ error, message?, errors?, index? }` with its status when
 * refused.
 */
export function commandRoutes(api: Hono<AppEnv>, commands: readonly OrderCommand[]) {
  for (const command of commands) {
    const refuse = command.refuseBody;
    const options = refuse && {
      refuse: (c: AppContext, issues: Parameters<typeof refuse>[0]) => {
        const request = c.get("request");
        // A signed-out caller's body is not worded: the door's first answer to them is 401.
        if (!request.user) return c.json({ error: "invalid_request" }, 400);
        return answer(c, { ok: false, ...refuse(issues, commandContext(request, request.user)) });
      },
    };
    api.post(command.path, jsonBody(command.body, options), async (c) => {
      const request = c.get("request");
      if (!request.user) return c.json({ error: "unauthorized" }, 401);
      return answer(c, await command.run(commandContext(request, request.user), c.req.valid("json")), command.bare);
    });
  }
}

function answer(c: AppContext, outcome: Outcome, bare = false) {
  for (const [name, value] of Object.entries(outcome.headers ?? {})) c.header(name, value);
  if (outcome.ok) return c.json(bare ? outcome.data : { data: outcome.data }, outcome.status ?? 200);
  const { status, error, message, errors, index } = outcome;
  return c.json(
    {
      error,
      ...(message !== undefined && { message }),
      ...(errors !== undefined && { errors }),
      ...(index !== undefined && { index }),
    },
    status,
  );
}
