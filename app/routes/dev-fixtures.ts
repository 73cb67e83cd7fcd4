import { data } from "react-router";
import { isLocalRequest } from "#app/lib/local-request.server";
import { requestContext } from "#app/lib/request-context";
import { runDevFixture } from "#worker/dev/fixtures";
import type { Route } from "./+types/dev-fixtures";

/**
 * POST /dev/fixtures/:name with a JSON body: what the browser tests set up that no page of theirs makes yet
 * (worker/dev/fixtures.ts). Like the dev mailbox, not part of production builds (see app/routes.ts), answers
 * only where mail goes to the dev mailbox (a local or test Worker), and only to a request addressed to this machine.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, url } = context.get(requestContext);
  if (env.MAILER !== "dev-mailbox" || !isLocalRequest(url)) throw data(null, { status: 404 });
  const input = await request.json().catch(() => null);
  if (input === null || typeof input !== "object" || Array.isArray(input))
    throw data({ error: "a JSON object" }, { status: 400 });
  // Through the request's D1 session, so the answer's bookmark covers what the fixture wrote (decision 070).
  const { status, body } = await runDevFixture(
    { ...env, DB: db.$client, stripe: env },
    params.name,
    input as Record<string, unknown>,
  );
  return Response.json(body, { status });
}
