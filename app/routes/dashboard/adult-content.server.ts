// The account settings page's "Adult content" section (issue 66, decision 110): whether the choice is on, whether a
// birthday is there for the age confirmation to read, and the action that turns it on (confirmed, 18 or older by the
// stored birthday) or off.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { adultContentSetting, setAdultContent } from "#worker/account/services/adult-content";
import type { Locale } from "#worker/domain/locales";
import type { AdultConfirmation } from "#worker/domain/content-gate";
import { cometNow } from "#worker/services/clock";
import type { SessionUser } from "#worker/services/sessions";
import type { AdultContentSectionData } from "#app/components/settings/adult-content-section";

type Context = Readonly<RouterContextProvider>;

export const ADULT_CONTENT_INTENT = "adultContent";

/** The section's fields: `show` says which way, `confirm` is the age checkbox (sent only when ticked). */
const adultContentSchema = v.object({
  show: v.picklist(["on", "off"]),
  confirm: v.optional(v.literal("on")),
});

export async function adultContentSection(context: Context, user: SessionUser): Promise<AdultContentSectionData> {
  const { db, env, locale } = context.get(requestContext);
  const setting = await adultContentSetting(db, user.accountId, await cometNow(env));
  const t = { locale };
  return {
    on: setting.on,
    hasBirthday: setting.birthday !== null,
    texts: {
      title: m.content_gate_title({}, t),
      intro: m.content_gate_intro({}, t),
      stateOn: m.content_gate_state_on({}, t),
      stateOff: m.content_gate_state_off({}, t),
      confirm: m.content_gate_confirm({}, t),
      show: m.content_gate_show({}, t),
      hide: m.content_gate_hide({}, t),
      saving: m.content_gate_saving({}, t),
      needsBirthday: m.content_gate_needs_birthday({}, t),
    },
  };
}

function refusal(reason: Exclude<AdultConfirmation, { ok: true }>["reason"], locale: Locale): string {
  switch (reason) {
    case "under_age":
      return m.content_gate_error_under_age({}, { locale });
    case "no_birthday":
      return m.content_gate_error_no_birthday({}, { locale });
    case "not_confirmed":
      return m.content_gate_error_not_confirmed({}, { locale });
  }
}

/** The section's answer, beside the page's own fields so the page reads one shape whichever form was posted. */
const answer = (adultContent: { on?: boolean; error?: string }, status = 200) =>
  data({ saved: false as const, errors: null, values: null, adultContent }, { status });

/** Turns the choice on or off; a refusal is a 400 (a minor: 403) with the reason in the user's language. */
export async function adultContentAction(context: Context, user: SessionUser, form: FormData) {
  const { db, env, locale } = context.get(requestContext);
  const parsed = v.safeParse(adultContentSchema, {
    show: form.get("show") ?? undefined,
    confirm: form.get("confirm") ?? undefined,
  });
  if (!parsed.success) return answer({ error: m.content_gate_error_invalid({}, { locale }) }, 400);
  const show = parsed.output.show === "on";
  const result = await setAdultContent(
    db,
    user.accountId,
    { show, confirmed: parsed.output.confirm === "on" },
    await cometNow(env),
  );
  if (!result.ok) return answer({ error: refusal(result.reason, locale) }, result.reason === "under_age" ? 403 : 400);
  return answer({ on: show });
}
