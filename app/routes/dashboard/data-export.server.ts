// The account settings page's data download (decision 104): the section's state for the loader, and its two posts:
// "export" asks for a download (prepared in the background), "exportDownload" signs a short-lived link to the owner's
// ready file and sends the browser to it. The rules and the storage are worker/account/services/data-export.ts's.
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { formatDate } from "#worker/domain/dates";
import { formatFileSize } from "#worker/media/domain/file-size";
import {
  askForExport,
  dataExportViewOf,
  prepareInBackground,
  signExportDownload,
} from "#worker/account/services/data-export";
import { cometNow } from "#worker/services/clock";
import type { DataExportSectionData } from "#app/components/settings/data-export-section";
import type { SessionUser } from "#worker/services/sessions";

type Context = Readonly<RouterContextProvider>;

export const DATA_EXPORT_INTENTS = new Set(["export", "exportDownload"]);

/** What the section shows, worded here so the browser formats no date nor size. */
export async function dataExportSection(context: Context, user: SessionUser): Promise<DataExportSectionData> {
  const { db, env, locale } = context.get(requestContext);
  const view = await dataExportViewOf(db, user.accountId, await cometNow(env));
  if (view.state === "none")
    return {
      state: "none",
      tooSoon: view.nextAt ? m.data_export_too_soon({ date: formatDate(view.nextAt, locale) }, { locale }) : null,
    };
  if (view.state === "ready")
    return {
      state: "ready",
      id: view.id,
      summary: m.data_export_ready(
        { size: formatFileSize(view.byteSize, locale), date: formatDate(view.expiresAt, locale) },
        { locale },
      ),
    };
  return view;
}

const exportForm = v.variant("intent", [
  v.object({ intent: v.literal("export") }),
  v.object({ intent: v.literal("exportDownload"), exportId: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/)) }),
]);

/** The section's answer, beside the page's own fields so the page reads one shape whichever form was posted. */
const answer = (dataExport: { ok: boolean; message?: string }, status = 200) =>
  data({ saved: false as const, errors: null, values: null, dataExport }, { status });

export async function actOnDataExport(context: Context, user: SessionUser, form: FormData) {
  const { db, env, executionCtx, locale } = context.get(requestContext);
  const parsed = v.safeParse(exportForm, Object.fromEntries(form));
  if (!parsed.success) return answer({ ok: false, message: m.data_export_bad_request({}, { locale }) }, 400);
  const now = await cometNow(env);
  if (parsed.output.intent === "exportDownload") {
    const url = await signExportDownload(db, env, user.accountId, parsed.output.exportId, now);
    if (!url) return answer({ ok: false, message: m.data_export_gone({}, { locale }) }, 404);
    return redirect(url);
  }
  const asked = await askForExport(db, user.accountId, now);
  if (asked.kind === "too_soon")
    return answer(
      { ok: false, message: m.data_export_too_soon({ date: formatDate(asked.nextAt, locale) }, { locale }) },
      429,
    );
  if (asked.kind === "started") prepareInBackground(env, (work) => executionCtx.waitUntil(work), asked.id, now);
  return answer({ ok: true });
}
