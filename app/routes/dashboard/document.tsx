import { data } from "react-router";
import * as v from "valibot";
import { dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { DocumentSheet } from "#app/components/documents/document-sheet";
import { documentSheet } from "#app/loaders/documents/document-sheet.server";
import { requestContext } from "#app/lib/request-context";
import { documentForReader } from "#worker/documents/services/document-views";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/document";

/**
 * /dashboard/documents/:documentId (decision 102): an issued document as the browser prints it or saves it as PDF, in
 * the reader's language. Only its parties read it (its recipient, the creator it was issued in the name of) and
 * admins; anyone else, and an id that names nothing, get the site's 404 alike.
 */
const documentIdSchema = v.pipe(v.string(), v.regex(/^[0-9A-Za-z-]{1,64}$/));

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const documentId = v.safeParse(documentIdSchema, params.documentId);
  if (!documentId.success) throw data(null, { status: 404 });
  const document = await documentForReader(db.$client, documentId.output, {
    accountId: user.accountId,
    roles: user.roles,
  });
  if (!document) throw data(null, { status: 404 });
  return { sheet: documentSheet(document, locale), number: document.body.displayNumber };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? dashboardTitle(`${loaderData.sheet.title} ${loaderData.number}`) : [];

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  return <DocumentSheet sheet={loaderData.sheet} />;
}
