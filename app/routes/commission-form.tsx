import { lazy, Suspense, useEffect, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { CollapsibleText } from "#app/components/catalog/collapsible-text";
import { OpenBadge, openBadgeLabel } from "#app/components/catalog/open-badge";
import { formPageTexts, type QuestionTexts } from "#app/loaders/catalog/form-page-texts.server";
import { ShareButton } from "#app/components/catalog/share-modal";
import { StagePlanLine } from "#app/components/catalog/stage-plan-line";
import { usePageVisit } from "#app/components/catalog/use-page-visit";
import { Avatar } from "#app/components/layout/avatar";
import { MediaImage } from "#app/components/media/media-image";
import { viewedMedia, type ViewedMedia } from "#app/components/media/players/player-view";
import { settleReturnedSetup } from "#app/lib/payments/card-return.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { RequestGate } from "#app/components/requests/request-gate";
import { SlotBadge } from "#app/components/catalog/slot-badge";
import { waitlistView } from "#app/loaders/requests/waitlist-view.server";
import {
  type FormReadings,
  type QuestionReading,
  useQuestionReading,
  useQuestionText,
} from "#app/components/requests/question-reading";
import { useTextReading } from "#app/components/translation/use-text-reading";
import { READ_AS_WRITTEN } from "#worker/domain/text-reading";
import { cardEntryFor } from "#worker/payments/card-entry";
import { titleText, translateAfterAnswer } from "#worker/services/localized-texts";
import { RatingSummaryLine } from "#app/components/reviews/stars";
import { SignalList } from "#app/components/signals/signal-list";
import { creatorSignalItems, signalListTexts } from "#app/loaders/signals/signal-items.server";
import { readPage } from "#worker/http/read-ahead";
import { formReads } from "#app/loaders/page-reads/form-reads.server";
import type { Route } from "./+types/commission-form";

/** /cf/{code}: a published commission form, read-only, with prices in the viewer's currency. Unknown or unpublished: 404. */
export async function loader({ params, request: httpRequest, context }: Route.LoaderArgs) {
  const { db, env, user, locale, executionCtx } = context.get(requestContext);
  // Back from a 3-D Secure redirect while adding a card in the form: saved first, so the form shows it (decision 057).
  // Nothing is read without the redirect's query.
  const cardReturn = await settleReturnedSetup(new URL(httpRequest.url), db, env, user?.accountId ?? null);
  // Everything named by the form's code in one batch (form-reads.server.ts), sent with the session's statement when it
  // can be (decision 114).
  const {
    values: [found, rating, request, { status: slots, place }, signalFigures],
  } = await readPage(context.get(requestContext), formReads, params);
  if (!found) throw data(null, { status: 404 });
  // The title and description shown in the original for want of a translation get one after the answer (issue 46).
  const { untranslated, ...form } = found;
  translateAfterAnswer(executionCtx, locale, untranslated);
  // Each question media's player is decided here, so the read-only form's JS does not parse media URLs (player-view.ts).
  const questionMedias: Record<string, ViewedMedia[]> = Object.fromEntries(
    form.questions.map((question) => [question.id, question.medias.map(viewedMedia)]),
  );
  return {
    form,
    // The page's title in the reader's language where a translation is stored (issue 62), never waited for.
    pageTitle: titleText(form.title, form.readings),
    openLabel: openBadgeLabel(form.creator.isOpenCommission),
    texts: formPageTexts(form),
    questionMedias,
    request,
    waitlist: waitlistView({ target: { kind: "form", id: form.id }, status: slots, place, request, locale }),
    cardEntry: cardEntryFor(env),
    profileId: user?.profileId ?? null,
    cardReturn,
    rating,
    signals: signalFigures && {
      items: creatorSignalItems(signalFigures.signals, locale),
      texts: signalListTexts("creator"),
    },
    // A signed-out page is the edge cache's copy for everyone: it never shows "Translating…" (use-text-reading.tsx).
    askTranslations: Boolean(user),
  };
}

// The answering form loads with the page's data but in its own chunk: visitors who only read the form do not pay for it.
const RequestForm = lazy(() =>
  import("#app/components/requests/request-form").then((module) => ({ default: module.RequestForm })),
);
// The thank-you shows only once a request is sent from this page: it loads with the answering form, not before.
const loadRequestDone = () => import("#app/components/requests/request-done");
const RequestDone = lazy(() => loadRequestDone().then((module) => ({ default: module.RequestDone })));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: m.layout_meta_page_title({ page: loaderData.pageTitle }) }] : [];

// The waitlist's block (decision 091) shows only while every slot is taken or the client holds a place: in its own
// chunk, server-rendered in the response, the page keeping that markup until the chunk arrives.
const WaitlistGate = lazy(() =>
  import("#app/components/requests/waitlist-gate").then((module) => ({ default: module.WaitlistGate })),
);

// A question's own media draws players: their code loads only for a form that has some.
const QuestionMediaList = lazy(() =>
  import("#app/components/requests/question-media-list").then((module) => ({ default: module.QuestionMediaList })),
);

export default function CommissionForm({ loaderData }: Route.ComponentProps) {
  const { form, openLabel, texts, questionMedias, request, cardEntry, profileId, cardReturn, askTranslations, rating } =
    loaderData;
  const { waitlist } = loaderData;
  const title = useTextReading(form.title, form.readings[form.title] ?? READ_AS_WRITTEN, { ask: askTranslations });
  // The questions, choices and terms read like the title (issue 46): one mark per question, under its title.
  const reading: FormReadings = { readings: form.readings, ask: askTranslations };
  const revalidator = useRevalidator();
  const [sent, setSent] = useState(false);
  // Every slot taken and no reservation (decision 091): the waitlist's block stands in for the request.
  const blocked = waitlist.blocks;
  const canSend = request.kind === "can-send" && Boolean(profileId) && !blocked;
  usePageVisit("commission/form", "commission_form", form.id);
  // Whoever can send gets the thank-you's code ahead of sending, so it shows the moment the request is sent.
  useEffect(() => {
    if (canSend) void loadRequestDone();
  }, [canSend]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar src={form.creator.avatarUrl} className="size-12" />
        <div className="min-w-0">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{m.catalog_form_by({ name: form.creator.name })}</p>
          <Link
            to={`/${form.creator.handle}`}
            className="font-semibold text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-50"
          >
            @{form.creator.handle}
          </Link>
          {rating ? <RatingSummaryLine summary={rating} /> : null}
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <OpenBadge open={form.creator.isOpenCommission} label={openLabel} />
          <SlotBadge slots={waitlist.status} />
        </div>
      </div>

      {loaderData.signals ? <SignalList {...loaderData.signals} className="mt-4" /> : null}

      <h1 lang={title.lang} className="mt-8 text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        {title.text}
      </h1>
      {title.marker}
      {form.categoryName ? <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{form.categoryName}</p> : null}
      <dl className="mt-4 flex items-baseline gap-2">
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{m.catalog_form_price()}</dt>
        <dd>
          <span className="text-lg font-semibold text-zinc-900 dark:text-zinc-50" title={texts.price.note}>
            {texts.price.text}
          </span>
        </dd>
      </dl>
      <StagePlanLine stages={form.stages} className="mt-2" />
      {/* Collapsed past the spec's default 200 characters (section 9); the full text is a "Show more" away. */}
      {form.description ? (
        <CollapsibleText
          text={form.description}
          reading={form.readings[form.description]}
          ask={askTranslations}
          className="mt-6 text-zinc-700 dark:text-zinc-300"
        />
      ) : null}
      <div className="mt-6">
        <ShareButton path={`/cf/${form.code}`} text={form.title} />
      </div>

      {sent || !waitlist.gate ? null : (
        <div className="mt-8">
          <Suspense fallback={null}>
            <WaitlistGate view={waitlist} />
          </Suspense>
        </div>
      )}
      {sent ? (
        <Suspense fallback={null}>
          <RequestDone creatorName={form.creator.name} />
        </Suspense>
      ) : request.kind === "can-send" && profileId && !blocked ? (
        <section aria-labelledby="form-request" className="mt-12 space-y-4">
          <h2 id="form-request" className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">
            {m.requests_form_heading()}
          </h2>
          <Suspense
            fallback={<QuestionList form={form} medias={questionMedias} texts={texts.questions} reading={reading} />}
          >
            <RequestForm
              target={{ formCode: form.code }}
              questions={form.questions}
              profileId={profileId}
              cards={request.cards}
              cardEntry={cardEntry}
              terms={form.terms}
              reading={reading}
              onCardsChanged={() => revalidator.revalidate()}
              cardReturn={cardReturn}
              onSent={() => setSent(true)}
              pricing={{ basePrice: form.basePrice, rushOffered: form.rushOffered, prices: form.prices }}
            />
          </Suspense>
        </section>
      ) : (
        <>
          {blocked ? null : (
            <div className="mt-8">
              <RequestGate state={request}>{null}</RequestGate>
            </div>
          )}
          <QuestionList form={form} medias={questionMedias} texts={texts.questions} reading={reading} />
        </>
      )}
    </div>
  );
}

/** The form's questions, read-only: for visitors who cannot send (signed out, the creator, already sent). */
function QuestionList({
  form,
  medias,
  texts,
  reading,
}: {
  form: Route.ComponentProps["loaderData"]["form"];
  medias: Record<string, ViewedMedia[]>;
  texts: Record<string, QuestionTexts>;
  reading: FormReadings;
}) {
  return (
    <section aria-labelledby="form-questions" className="mt-12">
      <h2 id="form-questions" className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">
        {m.catalog_form_questions()}
      </h2>
      <ol className="mt-4 space-y-4">
        {form.questions.map((question, index) => (
          <QuestionItem
            key={question.id}
            question={question}
            index={index}
            medias={medias[question.id] ?? []}
            texts={texts[question.id]}
            reading={reading}
          />
        ))}
      </ol>
    </section>
  );
}

/** One question, read-only: its number, title and type, whether it is required, its description, media and choices. */
function QuestionItem({
  question,
  index,
  medias,
  texts,
  reading,
}: {
  question: Route.ComponentProps["loaderData"]["form"]["questions"][number];
  index: number;
  medias: ViewedMedia[];
  texts: QuestionTexts;
  reading: FormReadings;
}) {
  const read = useQuestionReading(question, reading);
  const title = useQuestionText(question.title, read);
  const description = useQuestionText(question.description, read);
  return (
    <li className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-baseline gap-2">
        <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">
          <span className="mr-1 text-zinc-600 dark:text-zinc-400">{index + 1}.</span>
          <span lang={title.lang}>{title.text}</span>
          {question.isRequired ? (
            <span className="ml-1 text-red-700 dark:text-red-300" aria-hidden="true">
              *
            </span>
          ) : null}
        </h3>
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
          {texts.type}
        </span>
        {texts.required ? (
          <span
            className={`text-xs font-semibold ${question.isRequired ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}`}
          >
            {texts.required}
          </span>
        ) : null}
      </div>
      {read.marker ? <div className="pt-1">{read.marker}</div> : null}
      {question.description ? (
        <p lang={description.lang} className="mt-2 whitespace-pre-line text-sm text-zinc-700 dark:text-zinc-300">
          {description.text}
        </p>
      ) : null}
      {medias.length > 0 ? (
        <Suspense fallback={null}>
          <QuestionMediaList title={title.text} medias={medias} />
        </Suspense>
      ) : null}
      {question.choices.length > 0 ? (
        <ul aria-label={m.catalog_form_choices()} className="mt-3 space-y-1.5">
          {question.choices.map((choice) => {
            const price = texts.choicePrices[choice.id];
            return (
              <li
                key={choice.id}
                className="flex items-center justify-between gap-3 rounded-lg bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-800/60"
              >
                <span className="flex min-w-0 items-center gap-3 text-zinc-900 dark:text-zinc-100">
                  <ChoiceContent choice={choice} question={read} />
                </span>
                {price ? (
                  <span className="shrink-0 font-semibold text-zinc-900 dark:text-zinc-50" title={price.note}>
                    {price.text}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

/** A choice's picture and title, as the question reads it: the picture described by the title shown. */
function ChoiceContent({
  choice,
  question,
}: {
  choice: Route.ComponentProps["loaderData"]["form"]["questions"][number]["choices"][number];
  question: QuestionReading;
}) {
  const shown = useQuestionText(choice.title, question);
  return (
    <>
      {choice.media ? (
        <MediaImage
          src={choice.media.thumbnailUrl ?? choice.media.url}
          alt={shown.text}
          className="size-16 shrink-0 rounded-md"
        />
      ) : null}
      <span lang={shown.lang} title={shown.original}>
        {shown.text}
      </span>
    </>
  );
}
