import { createContext } from "react-router";
import type { RequestContext } from "../../worker/http/context";

/** The Worker's per-request values (env, db, user, locale), set before React Router runs. */
export const requestContext = createContext<RequestContext>();
