// The Details tab (spec section 2): the request's answers as the client sent them, from the order's snapshot (the
// loader's `order`, which the page has anyway), with the selected choices' prices as the loader formatted them, under
// the licence both agreed to (issue 63). What
// the other party wrote (the creator's questions, the client's answers) is read in the viewer's language (issue 46).
import { m } from "#app/paraglide/messages.js";
import { TranslatedText } from "#app/components/translation/translated-text";
import { useTextReading } from "#app/components/translation/use-text-reading";
import type { TextReading } from "#worker/domain/text-reading";
import type { OrderDetail, OrderMediaView } from "#worker/orders/services/order-views";
import type { OrderPanelTexts } from "#app/loaders/orders/order-panel-texts.server";

/** Each selected choice's price, by choice id, for those with one (order-panel-texts.server.ts). */
type ChoicePrices = Record<string, string>;

function MediaLinks({ medias }: { medias: OrderMediaView[] }) {
  if (medias.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {medias.map((media) =>
        media.url ? (
          <li key={media.id}>
            {/* A file by the name the client gave it (its URL is a signed read URL, for the two parties only); a link by its address. */}
            <a
              href={media.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 max-w-full items-center break-all rounded-md border border-zinc-300 px-3 text-sm text-brand-700 underline dark:border-zinc-700 dark:text-brand-300"
            >
              {media.name ?? (media.formatType === "LINK" ? media.url : m.orders_deliverable_file())}
            </a>
          </li>
        ) : null,
      )}
    </ul>
  );
}

/**
 * The form's notice blocks ('About messages', 'About deliverables'): not questions, so never 'No answer'. Kept, after
 * the answers, as what the creator told the client before they sent the request; both parties may need it again.
 */
function FormNotes({ order }: { order: OrderDetail }) {
  if (order.notes.length === 0) return null;
  return (
    <section aria-labelledby="order-form-notes" className="mt-8 border-t border-zinc-200 pt-5 dark:border-zinc-800">
      <h3 id="order-form-notes" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {m.orders_form_notes()}
      </h3>
      <ul className="mt-3 space-y-4">
        {order.notes.map((note) => (
          <li key={note.id} className="text-sm text-zinc-800 dark:text-zinc-200">
            <TranslatedText
              text={note.title}
              reading={note.titleReading}
              className="font-medium text-zinc-900 dark:text-zinc-50"
            />
            {note.description && (
              <TranslatedText
                text={note.description}
                reading={note.descriptionReading}
                className="mt-1 whitespace-pre-wrap"
              />
            )}
            <MediaLinks medias={note.medias} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the two agreed to beyond the answers (issue 63): the licence, from the loader; none on an older order. */
type Terms = OrderPanelTexts["terms"];

export function OrderDetails({
  order,
  choicePrices,
  terms = null,
}: {
  order: OrderDetail;
  choicePrices: ChoicePrices;
  terms?: Terms;
}) {
  return (
    <>
      <AgreedTerms terms={terms} />
      <OrderAnswers order={order} choicePrices={choicePrices} />
      <FormNotes order={order} />
    </>
  );
}

function AgreedTerms({ terms }: { terms: Terms }) {
  if (!terms) return null;
  return (
    <section
      aria-labelledby="order-agreed-terms"
      className="mb-6 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="order-terms"
    >
      <h3 id="order-agreed-terms" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {terms.heading}
      </h3>
      <dl className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-700 dark:text-zinc-300">{terms.licence.label}</dt>
        <dd className="font-medium text-zinc-900 dark:text-zinc-100" data-testid="order-licence">
          {terms.licence.value}
        </dd>
      </dl>
    </section>
  );
}

function OrderAnswers({ order, choicePrices }: { order: OrderDetail; choicePrices: ChoicePrices }) {
  if (order.questions.length === 0)
    return <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.orders_no_questions()}</p>;
  return (
    <dl className="space-y-5">
      {order.questions.map((question) => {
        const selected = question.choices.filter((c) => c.selected);
        const answer = question.answer;
        const empty = !answer?.text && !answer?.date && !answer?.medias.length && selected.length === 0;
        return (
          <div key={question.id}>
            <dt className="font-semibold text-zinc-900 dark:text-zinc-50">
              <InlineText text={question.title} reading={question.titleReading}>
                {question.isRequired && (
                  <span className="ml-2 text-xs font-normal text-zinc-700 dark:text-zinc-300">
                    ({m.orders_required()})
                  </span>
                )}
              </InlineText>
            </dt>
            <dd className="mt-1 text-sm text-zinc-800 dark:text-zinc-200">
              {empty && <span className="text-zinc-700 dark:text-zinc-300">{m.orders_no_answer()}</span>}
              {answer?.text && (
                <TranslatedText text={answer.text} reading={answer.textReading} className="whitespace-pre-wrap" />
              )}
              {answer?.date && <p>{answer.date}</p>}
              {selected.length > 0 && (
                <ul className="list-inside list-disc">
                  {selected.map((choice) => (
                    <li key={choice.id}>
                      <InlineText text={choice.title} reading={choice.titleReading}>
                        {choicePrices[choice.id] ? ` (${choicePrices[choice.id]})` : ""}
                      </InlineText>
                    </li>
                  ))}
                </ul>
              )}
              {answer && <MediaLinks medias={answer.medias} />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A short text in a line (a question's title, a choice), with what follows it on the line before its mark. */
function InlineText({ text, reading, children }: { text: string; reading: TextReading; children?: React.ReactNode }) {
  const shown = useTextReading(text, reading);
  return (
    <>
      <span lang={shown.lang}>{shown.text}</span>
      {children}
      {shown.marker}
    </>
  );
}
