import { Form, Link, data } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { DashboardPage, EmptyState, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { ConfirmForm } from "#app/components/form/confirm-form";
import { FormStatus } from "#app/components/form/form-status";
import { useIsPosting } from "#app/components/form/use-is-posting";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import { formatDate, formatDateTime } from "#worker/domain/dates";
import { cometNow } from "#worker/services/clock";
import { emailNewNotificationsSoon } from "#worker/services/notification-emails";
import { removeFromWaitlist } from "#worker/services/waitlist";
import { creatorQueue, setWaitlistClosed, type QueuePlace } from "#worker/services/waitlist-queue";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/commission-waitlist";

/**
 * /dashboard/commission/waitlist: the creator's slots and their line (issue 50, decision 091). How many slots are
 * taken, the line's open/closed toggle, and each place: the client, what they wait for, when they joined and where
 * they stand, with Remove (confirmed; the client is told) for those still in line. Its texts are made here, in the
 * request's language (decision 030's pattern): the page only shows them.
 */

/** "1st", "2nd", "23rd" in English; the Japanese message says 番目 itself. */
function positionText(position: number, locale: Locale): string {
  if (locale !== "en") return String(position);
  const suffix = { one: "st", two: "nd", few: "rd", other: "th" } as Record<string, string>;
  return `${position}${suffix[new Intl.PluralRules("en", { type: "ordinal" }).select(position)] ?? "th"}`;
}

function placeRow(place: QueuePlace, position: number | null, locale: Locale) {
  const state =
    place.state === "WAITING"
      ? { text: m.waitlist_queue_waiting({ position: positionText(position ?? 1, locale) }), order: null }
      : place.state === "RESERVED"
        ? {
            text: m.waitlist_queue_reserved({ date: formatDateTime(place.reservedUntil ?? place.joinedAt, locale) }),
            order: null,
          }
        : {
            text: m.waitlist_queue_requested({ code: place.orderCode ?? "" }),
            order: place.orderCode
              ? `${DASHBOARD_PATHS.managements}?${new URLSearchParams({ order: place.orderCode })}`
              : null,
          };
  const handle = place.client.handle;
  return {
    entryId: place.entryId,
    state: place.state,
    handle,
    profileHref: `/${handle}`,
    title: place.title,
    joined: m.waitlist_queue_joined({ date: formatDate(place.joinedAt, locale) }),
    status: state.text,
    orderHref: state.order,
    // A request already sent waits for the creator's answer on the order itself: only places still in line go.
    remove:
      place.state === "REQUESTED"
        ? null
        : {
            label: m.waitlist_queue_remove_label({ handle }),
            question: m.waitlist_queue_remove_confirm({ handle }),
          },
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireCreatorSide(context);
  const { db, locale } = context.get(requestContext);
  const queue = await creatorQueue(db, user.commissionAccountId, locale);
  let waiting = 0;
  return {
    summary:
      queue.slots === null
        ? { text: m.waitlist_queue_no_limit(), link: m.waitlist_queue_set_slots() }
        : {
            text: m.waitlist_queue_taken({ held: String(queue.held), slots: String(queue.slots) }),
            link: m.waitlist_queue_change_slots(),
          },
    waitlistClosed: queue.waitlistClosed,
    places: queue.places.map((place) => placeRow(place, place.state === "WAITING" ? ++waiting : null, locale)),
    texts: {
      title: m.waitlist_queue_title(),
      intro: m.waitlist_queue_intro(),
      lineStatus: queue.waitlistClosed ? m.waitlist_queue_closed_status() : m.waitlist_queue_open_status(),
      toggle: queue.waitlistClosed ? m.waitlist_queue_reopen() : m.waitlist_queue_close(),
      lineHeading: m.waitlist_queue_line_heading(),
      empty: m.waitlist_queue_empty(),
      emptyDetail: m.waitlist_queue_empty_detail(),
      remove: m.waitlist_queue_remove(),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireCreatorSide(context);
  const { db, env, executionCtx, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const intent = String(form.get("intent") ?? "");
  const t = { locale };
  if (intent === "remove") {
    // Only a place in this creator's own line, still in it: anyone else's entry is "not found", and nothing changes.
    const removed = await removeFromWaitlist(db, {
      sellerAccountId: user.commissionAccountId,
      entryId: String(form.get("entryId") ?? ""),
      now: await cometNow(env),
    });
    if (!removed) return data({ ok: false as const, message: m.waitlist_error_entry({}, t) }, { status: 404 });
    // The removed client's notice, the slot offered to the next in line, a followed creator's freed slot: mailed now.
    emailNewNotificationsSoon(env, (work) => executionCtx.waitUntil(work));
    return { ok: true as const, message: m.waitlist_queue_removed({}, t) };
  }
  if (intent === "setWaitlist") {
    const closed = form.get("closed") === "on";
    await setWaitlistClosed(db, {
      sellerAccountId: user.commissionAccountId,
      sellerUserAccountId: user.accountId,
      closed,
    });
    return {
      ok: true as const,
      message: closed ? m.waitlist_queue_closed_saved({}, t) : m.waitlist_queue_opened_saved({}, t),
    };
  }
  return data({ ok: false as const, message: m.error_generic({}, t) }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.texts.title) : []);

type Place = Route.ComponentProps["loaderData"]["places"][number];

const linkClass = "font-semibold text-brand-700 underline dark:text-brand-300";

function PlaceItem({ place, removeLabel, busy }: { place: Place; removeLabel: string; busy: boolean }) {
  return (
    <li
      data-testid="waitlist-place"
      data-state={place.state}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="min-w-0 space-y-1">
        <p className="text-zinc-900 dark:text-zinc-100">
          <Link to={place.profileHref} className={`${linkClass} inline-flex min-h-11 items-center break-all`}>
            @{place.handle}
          </Link>
          <span className="text-zinc-700 dark:text-zinc-300"> · {place.title}</span>
        </p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{place.joined}</p>
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100" data-testid="waitlist-place-status">
          {place.orderHref ? (
            <Link to={place.orderHref} className={`${linkClass} inline-flex min-h-11 items-center`}>
              {place.status}
            </Link>
          ) : (
            place.status
          )}
        </p>
      </div>
      {place.remove && (
        <ConfirmForm question={place.remove.question} fields={{ intent: "remove", entryId: place.entryId }}>
          <button
            type="submit"
            disabled={busy}
            aria-label={place.remove.label}
            className="min-h-11 min-w-11 rounded-full border border-red-700 px-5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
          >
            {removeLabel}
          </button>
        </ConfirmForm>
      )}
    </li>
  );
}

export default function CommissionWaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPosting();
  const { summary, texts, places, waitlistClosed } = loaderData;
  return (
    <DashboardPage title={texts.title} intro={texts.intro}>
      <section
        aria-labelledby="waitlist-slots"
        data-testid="waitlist-summary"
        className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      >
        <p className="flex flex-wrap items-center gap-x-3">
          <span
            id="waitlist-slots"
            className="font-semibold text-zinc-900 dark:text-zinc-50"
            data-testid="waitlist-slots"
          >
            {summary.text}
          </span>
          <Link to={DASHBOARD_PATHS.formsGeneral} className={`${linkClass} inline-flex min-h-11 items-center text-sm`}>
            {summary.link}
          </Link>
        </p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300" id="waitlist-line-status">
          {texts.lineStatus}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="setWaitlist" />
          <input type="hidden" name="closed" value={waitlistClosed ? "" : "on"} />
          <button
            type="submit"
            disabled={busy}
            aria-describedby="waitlist-line-status"
            data-testid="waitlist-toggle"
            className="button-secondary min-h-11 disabled:cursor-wait disabled:opacity-70"
          >
            {texts.toggle}
          </button>
        </Form>
      </section>
      <FormStatus
        saved={!busy && actionData?.ok === true}
        savedText={actionData?.ok ? actionData.message : ""}
        errorText={actionData?.ok === false ? actionData.message : undefined}
      />
      <section aria-labelledby="waitlist-line-heading" className="space-y-3">
        <h2 id="waitlist-line-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {texts.lineHeading}
        </h2>
        {places.length === 0 ? (
          <EmptyState message={texts.empty} detail={texts.emptyDetail} />
        ) : (
          <ol className="space-y-3">
            {places.map((place) => (
              <PlaceItem key={place.entryId} place={place} removeLabel={texts.remove} busy={busy} />
            ))}
          </ol>
        )}
      </section>
    </DashboardPage>
  );
}
