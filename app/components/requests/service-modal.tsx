import { RatingSummaryLine } from "#app/components/reviews/stars";
import type { RatingSummary } from "#worker/orders/services/reviews";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { CollapsibleText, SERVICE_MODAL_DESCRIPTION_LIMIT } from "#app/components/catalog/collapsible-text";
import { PriceLabel } from "#app/components/catalog/price-label";
import { ServiceGallery } from "#app/components/catalog/service-gallery";
import { CloseButton } from "#app/components/dialog/close-button";
import { ModalDialog } from "#app/components/dialog/modal-dialog";
import { ErrorText } from "#app/components/form/error-text";
import { Avatar } from "#app/components/layout/avatar";
import { SETUP_RETURN_PARAMS } from "#app/lib/payments/card-api";
import { useTextReading } from "#app/components/translation/use-text-reading";
import { m } from "#app/paraglide/messages.js";
import { READ_AS_WRITTEN, type TextReading } from "#worker/domain/text-reading";
import type { CardEntry } from "#worker/payments/card-entry";
import type { PublicService, RequestViewerState } from "#worker/orders/services/request-views";
import { StagePlanLine } from "#app/components/catalog/stage-plan-line";
import { deliveryLabel } from "#app/components/catalog/delivery-label";
import { SlotBadge } from "#app/components/catalog/slot-badge";
import { RequestDone } from "./request-done";
import { RequestForm } from "./request-form";
import { emptyDraft, loadDraft, requestDraftKey, saveDraft } from "./request-draft";
import { RequestGate } from "./request-gate";
import { ReservedNote, WaitlistGate } from "./waitlist-gate";
import type { WaitlistView } from "#app/loaders/requests/waitlist-view.server";
import { type SignalItem, SignalList, type SignalListTexts } from "#app/components/signals/signal-list";

type Step = "details" | "submit" | "done";
const STEPS: { step: Step; label: () => string }[] = [
  { step: "details", label: m.requests_step_details },
  { step: "submit", label: m.requests_step_submit },
  { step: "done", label: m.requests_step_done },
];

/**
 * The service submit modal (spec sections 2 and 4): details (gallery, title, description, price, terms), then the
 * request (only once the terms are accepted; Back returns to details), then done. Opened by /{handle}?service={id},
 * so it can be linked to and survives a reload. A card added in the request step takes 3-D Secure in the page; a
 * real redirect comes back to the same address (`cardReturn`, read by the loader), and the modal opens again at the
 * request step with the card chosen and the terms box as it was (issue 33, decision 057). The service's slot status
 * shows beside its price; while every slot is taken the waitlist's block stands in for the terms box and Next, and a
 * slot reserved for the client is highlighted above Next and above the request (decision 091).
 */
export default function ServiceModal(props: {
  service: PublicService;
  request: RequestViewerState;
  cardEntry: CardEntry;
  profileId: string | null;
  cardReturn: "saved" | "failed" | null;
  onClose: () => void;
  /**
   * The service's title, description, terms and its form's questions and choices in the reader's language, by the
   * original (issue 46; the profile's loader).
   */
  readings?: Readonly<Record<string, TextReading>>;
  askTranslations?: boolean;
  /** The creator's rating by their clients (decision 086); null or absent when not known. */
  rating?: RatingSummary | null;
  /** The service's slots and the client's place in its line (decision 091); absent where the page has none. */
  waitlist?: WaitlistView | null;
  /** The creator's signals (issue 66, decision 106), as the profile shows them; absent where the page has none. */
  signals?: { items: SignalItem[]; texts: SignalListTexts } | null;
}) {
  const { service, request } = props;
  const waitlist = props.waitlist ?? null;
  // Every slot taken and no reservation: the request waits behind the line.
  const blocked = waitlist?.blocks ?? false;
  const canSend = request.kind === "can-send" && !blocked;
  const title = useTextReading(service.title, props.readings?.[service.title] ?? READ_AS_WRITTEN, {
    ask: props.askTranslations ?? false,
  });
  const terms = useTextReading(service.terms, (service.terms && props.readings?.[service.terms]) || READ_AS_WRITTEN, {
    ask: props.askTranslations ?? false,
  });
  const titleId = useId();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { search } = useLocation();
  const draftKey = requestDraftKey({ serviceId: service.id });
  // A card is added only in the request step, so a return from its 3-D Secure redirect reopens that step.
  const [step, setStep] = useState<Step>(props.cardReturn ? "submit" : "details");
  const [cardReturn] = useState(props.cardReturn);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // Each step replaces the button that led to it (Next, Back, Send request): focus moves to the step's title, so
  // a keyboard user goes on from the top of the new step and a screen reader reads where they are.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    document.getElementById(titleId)?.focus();
  }, [step, titleId]);

  // The terms box lives in the request's draft, so a redirect (or closing the modal) keeps it ticked.
  useEffect(() => {
    if (loadDraft(draftKey)?.isAgreedToTerms) setTermsAccepted(true);
  }, [draftKey]);
  const acceptTerms = (accepted: boolean) => {
    setTermsAccepted(accepted);
    saveDraft(draftKey, { ...(loadDraft(draftKey) ?? emptyDraft()), isAgreedToTerms: accepted });
  };
  // Once per redirect return: its query is dropped, so a reload does not read the same intent again.
  useEffect(() => {
    if (!props.cardReturn) return;
    const params = new URLSearchParams(search);
    for (const name of SETUP_RETURN_PARAMS) params.delete(name);
    navigate(`?${params}`, { replace: true, preventScrollReset: true });
  }, [props.cardReturn]);

  const next = () => {
    if (!termsAccepted) return setAlert(m.requests_error_terms());
    setAlert(null);
    setStep("submit");
  };

  return (
    <ModalDialog
      open
      onClose={props.onClose}
      aria-labelledby={titleId}
      className="m-auto max-h-[92dvh] w-[min(96vw,48rem)] overflow-y-auto rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="relative space-y-6 p-5 sm:p-8">
        <CloseButton label={m.requests_close()} onClick={props.onClose} className="absolute right-3 top-3" />
        <ol aria-label={m.requests_steps_label()} className="flex gap-2 pr-10 text-sm">
          {STEPS.map(({ step: s, label }, index) => (
            <li
              key={s}
              aria-current={s === step ? "step" : undefined}
              className={`rounded-full px-3 py-1 font-medium ${s === step ? "bg-brand-700 text-white" : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"}`}
            >
              {index + 1}. {label()}
            </li>
          ))}
        </ol>

        {step === "done" ? (
          <RequestDone creatorName={service.creator.name} titleId={titleId} />
        ) : (
          <>
            <header className="space-y-2">
              <h2
                id={titleId}
                tabIndex={-1}
                lang={title.lang}
                className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50"
              >
                {title.text}
              </h2>
              {title.marker}
              <Link
                to={`/${service.creator.handle}`}
                className="inline-flex items-center gap-2 text-sm text-zinc-700 hover:underline dark:text-zinc-300"
              >
                <Avatar src={service.creator.avatarUrl} className="size-6" />
                {service.creator.name}
              </Link>
              {props.rating ? <RatingSummaryLine summary={props.rating} className="ml-3" /> : null}
              {props.signals ? <SignalList {...props.signals} compact className="mt-2" /> : null}
            </header>
            {step === "details" ? (
              <div className="space-y-5">
                <ServiceGallery medias={service.medias} title={service.title} />
                {service.description ? (
                  <CollapsibleText
                    text={service.description}
                    reading={props.readings?.[service.description]}
                    ask={props.askTranslations ?? false}
                    limit={SERVICE_MODAL_DESCRIPTION_LIMIT}
                    className="text-zinc-700 dark:text-zinc-300"
                  />
                ) : null}
                <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2">
                  <p className="flex items-baseline gap-2">
                    <span className="text-sm text-zinc-600 dark:text-zinc-400">{m.requests_price()}</span>
                    <PriceLabel
                      price={service.price}
                      from
                      className="text-lg font-semibold text-zinc-900 dark:text-zinc-50"
                    />
                  </p>
                  {service.deliveryDays !== null ? (
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">{deliveryLabel(service.deliveryDays)}</p>
                  ) : null}
                  {service.categories.length ? (
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">{service.categories.join(" · ")}</p>
                  ) : null}
                  <SlotBadge slots={waitlist?.status ?? null} />
                </div>
                <StagePlanLine stages={service.stages} />
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{m.requests_total_hint()}</p>
                <section className="space-y-2 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
                  <h3 className="font-semibold">{m.requests_terms_heading()}</h3>
                  <p
                    lang={service.terms ? terms.lang : undefined}
                    className="max-h-48 overflow-y-auto whitespace-pre-line text-sm text-zinc-700 dark:text-zinc-300"
                  >
                    {service.terms ? terms.text : m.requests_no_terms()}
                  </p>
                  {service.terms ? terms.marker : null}
                  {canSend ? (
                    <label className="flex items-start gap-3">
                      <input
                        type="checkbox"
                        className="mt-0.5 size-5 shrink-0 accent-brand-700"
                        checked={termsAccepted}
                        onChange={(e) => acceptTerms(e.target.checked)}
                      />
                      {m.requests_accept_terms()}
                    </label>
                  ) : null}
                </section>
                <ErrorText text={alert} />
                {waitlist ? <WaitlistGate view={waitlist} /> : null}
                {blocked ? null : (
                  <div className="flex justify-end">
                    <RequestGate state={request}>
                      <button type="button" className="button-primary min-h-11" onClick={next}>
                        {m.requests_next()}
                      </button>
                    </RequestGate>
                  </div>
                )}
              </div>
            ) : request.kind === "can-send" && !blocked && props.profileId ? (
              <>
                {waitlist?.gate?.kind === "reserved" ? <ReservedNote text={waitlist.gate.note} /> : null}
                <RequestForm
                  target={{ serviceId: service.id }}
                  questions={service.questions}
                  profileId={props.profileId}
                  cards={request.cards}
                  cardEntry={props.cardEntry}
                  terms={null}
                  reading={{ readings: props.readings, ask: props.askTranslations ?? false }}
                  pricing={{ basePrice: service.basePrice, rushOffered: service.rushOffered, prices: service.prices }}
                  onCardsChanged={() => revalidator.revalidate()}
                  cardReturn={cardReturn}
                  onSent={() => setStep("done")}
                  secondaryAction={
                    <button type="button" className="button-secondary min-h-11" onClick={() => setStep("details")}>
                      {m.requests_back()}
                    </button>
                  }
                />
              </>
            ) : null}
          </>
        )}
      </div>
    </ModalDialog>
  );
}
