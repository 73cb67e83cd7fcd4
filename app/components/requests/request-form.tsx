import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useInputLanguage } from "#app/root";
import { ErrorText } from "#app/components/form/error-text";
import { AddCardPanel } from "#app/components/payments/add-card-panel";
import { CardBrandMark, cardBrandName } from "#app/components/payments/card-brand";
import { m } from "#app/paraglide/messages.js";
import type { CardEntry } from "#worker/payments/card-entry";
import type { PaymentAccountMethod } from "#worker/payments/cards";
import type { PublicFormQuestion } from "#worker/services/catalog";
import { PriceSummary } from "./price-summary";
import { QuestionField } from "./question-field";
import type { RequestPricing } from "./request-price";
import {
  answersPayload,
  clearDraft,
  emptyAnswer,
  emptyDraft,
  loadDraft,
  missingAnswers,
  requestDraftKey,
  restoredDraft,
  saveDraft,
  type RequestDraft,
} from "./request-draft";
import { CheckedInput } from "#app/components/form/checked-input";
import { useTextReading } from "#app/components/translation/use-text-reading";
import { READ_AS_WRITTEN } from "#worker/domain/text-reading";
import type { FormReadings } from "./question-reading";

export interface RequestFormProps {
  /** Where it goes: a service (the modal) or a form (the page /cf/{code}). */
  target: { serviceId: string } | { formCode: string };
  questions: PublicFormQuestion[];
  profileId: string;
  cards: PaymentAccountMethod[];
  cardEntry: CardEntry;
  /** The terms to accept here (the form page); null when an earlier step took them (the service modal). */
  terms: string | null;
  onCardsChanged: () => void;
  /** Back from a 3-D Secure redirect while adding a card here: whether it was saved (the loader read the intent). */
  cardReturn?: "saved" | "failed" | null;
  onSent: (code: string) => void;
  /** Extra buttons beside Send (the modal's Back). */
  secondaryAction?: React.ReactNode;
  /**
   * The creator's texts (questions, choices, terms) in the reader's language, by the original (issue 46): the page's
   * stored readings, and whether a missing one is asked for. What is sent still names questions and choices by id.
   */
  reading?: FormReadings;
  /**
   * The request's price (issue 63): the service's or form's base, whether rush is offered now, and the viewer's
   * currency for the approximate total. Without it no summary shows and rush choices are neither shown nor sent.
   */
  pricing?: RequestPricing | null;
}

/**
 * The client's request (spec sections 2, 5 and 8): the form's questions, the terms, the acknowledgement that a
 * request is not a promise, and a saved card (added in place). The same rules as the server run first, so a
 * missing answer is marked at once; the server decides anyway, and whatever it refuses, the answers stay.
 */
export function RequestForm(props: RequestFormProps) {
  const formId = useId();
  const terms = useTextReading(
    props.terms ?? "",
    (props.terms && props.reading?.readings?.[props.terms]) || READ_AS_WRITTEN,
    { ask: props.reading?.ask ?? false },
  );
  const draftKey = requestDraftKey(props.target);
  const [draft, setDraft] = useState<RequestDraft>(emptyDraft);
  const inputLanguage = useInputLanguage();
  const [missing, setMissing] = useState<string[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The questions whose files are still uploading: a request sent now would go without them.
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const uploadingChange = useCallback(
    (questionId: string, busy: boolean) =>
      setUploading((current) => {
        if (current.has(questionId) === busy) return current;
        const next = new Set(current);
        if (busy) next.add(questionId);
        else next.delete(questionId);
        return next;
      }),
    [],
  );
  const alertRef = useRef<HTMLDivElement>(null);
  // The card form goes away once a card is saved in place: focus moves to the card section, which now names the
  // card, rather than falling to the page's body.
  const cardSection = useRef<HTMLElement>(null);
  const hadCard = useRef(props.cards.length > 0);
  useEffect(() => {
    if (props.cards.length > 0 && !hadCard.current) cardSection.current?.focus();
    hadCard.current = props.cards.length > 0;
  }, [props.cards.length]);
  // The card added here is the one the request uses, and the client is told it was saved (in the page, or back from
  // a 3-D Secure redirect; issue 33).
  const [addedCardId, setAddedCardId] = useState<string | null>(null);
  const [cardStatus, setCardStatus] = useState(props.cardReturn ?? null);
  const card = props.cards.find((c) => c.id === addedCardId) ?? props.cards[0] ?? null;
  const rushOffered = props.pricing?.rushOffered ?? false;

  // Updates apply to the latest draft (an upload finishing late must not undo a choice made meanwhile).
  const update = (change: (draft: RequestDraft) => RequestDraft) =>
    setDraft((current) => {
      const next = change(current);
      saveDraft(draftKey, next);
      return next;
    });
  // The draft from an earlier visit (closed modal, 3-D Secure detour) comes back after hydration, under the answers
  // typed while the page loaded: those are told to the draft as it hydrates, and may not be kept in the tab yet.
  useEffect(() => {
    const kept = loadDraft(draftKey);
    if (kept) update((typed) => restoredDraft(kept, typed));
  }, [draftKey]);

  const refuse = (message: string, missingIds: string[] = []) => {
    setAlert(message);
    setMissing(missingIds);
    requestAnimationFrame(() => {
      // The first unanswered question's control (a fieldset's first input), else the alert.
      const invalid = missingIds.length
        ? document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [aria-invalid="true"]`)
        : null;
      const control = invalid?.matches("input, textarea")
        ? invalid
        : invalid?.querySelector<HTMLElement>("input, textarea");
      (control ?? alertRef.current)?.focus();
    });
  };

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (uploading.size > 0) return refuse(m.requests_error_uploading());
    const unanswered = missingAnswers(props.questions, draft, rushOffered);
    if (unanswered.length) return refuse(m.requests_error_required(), unanswered);
    const isAgreedToTerms = props.terms === null || draft.isAgreedToTerms;
    if (!isAgreedToTerms) return refuse(m.requests_error_terms());
    if (!draft.isAcknowledged) return refuse(m.requests_error_acknowledge());
    if (!card) return refuse(m.requests_error_no_card());
    setSending(true);
    setAlert(null);
    setMissing([]);
    const path =
      "serviceId" in props.target ? "/api/features/commission/service/submit" : "/api/features/commission/form/submit";
    try {
      const response = await fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({
          ...props.target,
          paymentAccountMethodId: card.id,
          isAgreedToTerms,
          isAcknowledged: draft.isAcknowledged,
          formQuestionAnswers: answersPayload(props.questions, draft, inputLanguage, rushOffered),
        }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        data?: { code: string };
        message?: string;
        missing?: string[];
      };
      if (response.ok && body.data) {
        clearDraft(draftKey);
        return props.onSent(body.data.code);
      }
      refuse(body.message ?? m.requests_error_network(), body.missing ?? []);
    } catch {
      refuse(m.requests_error_network());
    } finally {
      setSending(false);
    }
  }

  const checkbox = "mt-0.5 size-5 shrink-0 accent-brand-700";
  return (
    <div className="space-y-8">
      <form id={formId} onSubmit={send} noValidate className="space-y-4" aria-label={m.requests_questions_heading()}>
        <h3 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{m.requests_questions_heading()}</h3>
        {props.questions.length === 0 ? (
          <p className="text-zinc-700 dark:text-zinc-300">{m.requests_no_questions()}</p>
        ) : null}
        {props.questions.map((question, index) => (
          <QuestionField
            key={question.id}
            question={question}
            index={index}
            profileId={props.profileId}
            value={draft.answers[question.id] ?? emptyAnswer()}
            error={missing.includes(question.id)}
            reading={props.reading}
            rushOffered={rushOffered}
            onUploadingChange={(busy) => uploadingChange(question.id, busy)}
            onChange={(change) =>
              update((d) => ({
                ...d,
                answers: { ...d.answers, [question.id]: change(d.answers[question.id] ?? emptyAnswer()) },
              }))
            }
          />
        ))}
        {props.terms !== null ? (
          <section className="space-y-2 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
            <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">{m.requests_terms_heading()}</h3>
            <p
              lang={props.terms ? terms.lang : undefined}
              className="max-h-48 overflow-y-auto whitespace-pre-line text-sm text-zinc-700 dark:text-zinc-300"
            >
              {props.terms ? terms.text : m.requests_no_terms()}
            </p>
            {props.terms ? terms.marker : null}
            <label className="flex items-start gap-3 text-zinc-900 dark:text-zinc-100">
              <CheckedInput
                type="checkbox"
                className={checkbox}
                checked={draft.isAgreedToTerms}
                onCheckedChange={(isAgreedToTerms) => update((d) => ({ ...d, isAgreedToTerms }))}
              />
              {m.requests_accept_terms()}
            </label>
          </section>
        ) : null}
        <label className="flex items-start gap-3 text-zinc-900 dark:text-zinc-100">
          <CheckedInput
            type="checkbox"
            className={checkbox}
            checked={draft.isAcknowledged}
            onCheckedChange={(isAcknowledged) => update((d) => ({ ...d, isAcknowledged }))}
          />
          {m.requests_acknowledge()}
        </label>
      </form>

      <section ref={cardSection} tabIndex={-1} aria-labelledby={`${formId}-card`} className="space-y-3">
        <h3 id={`${formId}-card`} className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {m.requests_card_heading()}
        </h3>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.requests_card_hint()}</p>
        {card ? (
          <p className="flex items-center gap-3 text-zinc-900 dark:text-zinc-100">
            <CardBrandMark brand={card.card.brand} />
            {m.requests_card_charged({ brand: cardBrandName(card.card.brand), last4: card.card.last4 })}
          </p>
        ) : (
          <>
            <p className="font-medium text-zinc-900 dark:text-zinc-100">{m.requests_card_none()}</p>
            <AddCardPanel
              cardEntry={props.cardEntry}
              onSaved={(saved) => {
                setAddedCardId(saved.paymentAccountMethodId);
                setCardStatus("saved");
                props.onCardsChanged();
              }}
              label={m.requests_add_card()}
              initiallyOpen={cardStatus === "failed"}
              error={cardStatus === "failed" ? m.card_error_authentication_failed() : null}
              onClose={() => setCardStatus(null)}
            />
          </>
        )}
        <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {cardStatus === "saved" && card ? m.requests_card_saved() : null}
        </p>
      </section>

      <div className="space-y-3">
        {props.pricing ? (
          <PriceSummary
            questions={props.questions}
            answers={draft.answers}
            pricing={props.pricing}
            reading={props.reading}
          />
        ) : null}
        <div ref={alertRef} tabIndex={-1} className="outline-none">
          <ErrorText text={alert} />
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {props.secondaryAction}
          <button
            type="submit"
            form={formId}
            className="button-primary min-h-11"
            disabled={sending}
            aria-busy={sending || undefined}
          >
            {sending ? m.requests_sending() : m.requests_send()}
          </button>
        </div>
      </div>
    </div>
  );
}
