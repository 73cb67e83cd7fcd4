import { useId, useRef, type RefObject } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { controlBorder, controlClass, describedBy } from "#app/components/form/field";
import { useTypedBeforeHydration } from "#app/components/form/typed-before-hydration";
import { m } from "#app/paraglide/messages.js";
import type { PublicFormQuestion } from "#worker/services/catalog";
import { AnswerMediaField } from "./answer-media-field";
import { QuestionMedias } from "./question-medias";
import type { AnswerDraft } from "./request-draft";
import { TranslationPreview } from "#app/components/translation/translation-preview";
import { ChoiceRow } from "./choice-row";
import { type FormReadings, useQuestionReading, useQuestionText } from "./question-reading";
import { isOffered, pickCount } from "./request-price";

/**
 * One question of a request, as the client answers it: the input its type asks for (spec section 5's question
 * types), the question's own media, and the inline 'This field is required.' when a required answer is missing.
 */
export function QuestionField(props: {
  question: PublicFormQuestion;
  index: number;
  value: AnswerDraft;
  onChange: (change: (value: AnswerDraft) => AnswerDraft) => void;
  error: boolean;
  profileId: string;
  /** The creator's texts in the reader's language (issue 46): the page's readings, and whether to ask for missing ones. */
  reading?: FormReadings;
  /** Whether rush choices are offered (a request now takes a free slot nobody waits for): hidden otherwise. */
  rushOffered: boolean;
  /** A MEDIA question's files started or finished uploading. */
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const { question, value, onChange } = props;
  // One mark for the question's title, description and choices, under the title: never inside the label (question-reading.tsx).
  const read = useQuestionReading(question, props.reading ?? {});
  const shownTitle = useQuestionText(question.title, read);
  const shownDescription = useQuestionText(question.description, read);
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = question.description ? `${id}-description` : null;
  const invalid = props.error;
  const aria = {
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy(descriptionId, invalid && errorId),
    "aria-required": question.isRequired || undefined,
  };
  const set = (patch: Partial<AnswerDraft>) => onChange((current) => ({ ...current, ...patch }));
  // An answer typed before the page is interactive is kept (decision 060).
  const typedField = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  useTypedBeforeHydration(typedField, (typed) =>
    set(question.questionType === "DATE" ? { date: typed } : { text: typed }),
  );
  const inputRef = typedField as RefObject<HTMLInputElement | null>;
  const textareaRef = typedField as RefObject<HTMLTextAreaElement | null>;
  const isChoice = question.questionType === "SINGLE_CHOICE" || question.questionType === "MULTIPLE_CHOICE";
  const Group = isChoice || question.questionType === "MEDIA" ? "fieldset" : "div";

  const title = (
    <>
      <span className="text-zinc-600 dark:text-zinc-400">{props.index + 1}. </span>
      <span lang={shownTitle.lang}>{shownTitle.text}</span>
      {question.isRequired ? (
        <span className="ml-1 text-red-700 dark:text-red-300" aria-hidden="true">
          *
        </span>
      ) : null}
    </>
  );

  return (
    <Group
      className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
      {...(Group === "fieldset"
        ? { "aria-invalid": aria["aria-invalid"], "aria-describedby": aria["aria-describedby"] }
        : {})}
    >
      {Group === "fieldset" ? (
        <legend className="float-left w-full font-semibold text-zinc-900 dark:text-zinc-50">{title}</legend>
      ) : question.questionType === "NONE" ? (
        <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">{title}</h3>
      ) : (
        <label htmlFor={`${id}-input`} className="block font-semibold text-zinc-900 dark:text-zinc-50">
          {title}
        </label>
      )}
      {read.marker ? <div className="clear-both pt-1">{read.marker}</div> : null}
      {question.description ? (
        <p
          id={descriptionId ?? undefined}
          lang={shownDescription.lang}
          className="clear-both mt-2 whitespace-pre-line text-sm text-zinc-700 dark:text-zinc-300"
        >
          {shownDescription.text}
        </p>
      ) : null}
      <QuestionMedias question={{ ...question, title: shownTitle.text }} className="clear-both" />
      <div className="clear-both mt-3">
        {question.questionType === "SHORT_TEXT" ? (
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="text"
            value={value.text}
            maxLength={5000}
            onChange={(e) => set({ text: e.target.value })}
            className={`${controlClass} ${controlBorder(invalid)}`}
            {...aria}
          />
        ) : question.questionType === "LONG_TEXT" ? (
          <textarea
            ref={textareaRef}
            id={`${id}-input`}
            rows={5}
            value={value.text}
            maxLength={5000}
            onChange={(e) => set({ text: e.target.value })}
            className={`${controlClass} ${controlBorder(invalid)}`}
            {...aria}
          />
        ) : question.questionType === "DATE" ? (
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="date"
            value={value.date}
            onChange={(e) => set({ date: e.target.value })}
            className={`${controlClass} ${controlBorder(invalid)} sm:max-w-xs`}
            {...aria}
          />
        ) : question.questionType === "MEDIA" ? (
          <AnswerMediaField
            label={shownTitle.text}
            profileId={props.profileId}
            medias={value.medias}
            onChange={(change) => onChange((current) => ({ ...current, medias: change(current.medias) }))}
            invalid={invalid}
            onUploadingChange={props.onUploadingChange}
          />
        ) : isChoice ? (
          <ul className="space-y-1.5">
            {question.choices
              .filter((choice) => isOffered(choice.pricing, props.rushOffered))
              .map((choice) => {
                const single = question.questionType === "SINGLE_CHOICE";
                const toggle = (on: boolean) =>
                  onChange((current) => ({
                    ...current,
                    choiceIds: single
                      ? [choice.id]
                      : on
                        ? [...current.choiceIds.filter((c) => c !== choice.id), choice.id]
                        : current.choiceIds.filter((c) => c !== choice.id),
                  }));
                return (
                  <ChoiceRow
                    key={choice.id}
                    choice={choice}
                    question={read}
                    single={single}
                    name={`${id}-choice`}
                    checked={value.choiceIds.includes(choice.id)}
                    onCheckedChange={toggle}
                    count={pickCount(choice.pricing, value.counts?.[choice.id])}
                    onCountChange={(count) =>
                      onChange((current) => ({ ...current, counts: { ...current.counts, [choice.id]: count } }))
                    }
                  />
                );
              })}
          </ul>
        ) : null}
        {/* What the creator will read in their language, before it is sent (issue 46). */}
        {(question.questionType === "SHORT_TEXT" || question.questionType === "LONG_TEXT") && value.text.trim() ? (
          <TranslationPreview text={value.text} className="mt-2" />
        ) : null}
      </div>
      <ErrorText id={errorId} text={invalid ? m.requests_field_required() : null} className="mt-2" />
    </Group>
  );
}
