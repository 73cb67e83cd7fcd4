import { createContext, type RouterContext } from "react-router";
import type { RequestContext } from "#worker/http/context";

// Kept on globalThis so the key survives the dev server's hot reloads: the Worker entry that sets it and the route
// modules that read it can be re-evaluated at different times, and two keys would mean "No value found for context".
const shared = globalThis as typeof globalThis & { __cometRequestContext?: RouterContext<RequestContext> };

/** The Worker's per-request values (env, db, user, locale), set before React Router runs. */
export const requestContext: RouterContext<RequestContext> = (shared.__cometRequestContext ??=
  createContext<RequestContext>());
