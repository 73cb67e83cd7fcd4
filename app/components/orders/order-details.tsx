// The Details tab (spec section 2): the request's answers as the client sent them, from the order's snapshot (the
// loader's `order`, which the page has anyway), with the selected choices' prices as the loader formatted them.
import { m } from "#app/paraglide/messages.js";
import type { OrderDetail, OrderMediaView } from "#worker/services/order-views";

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
            <p className="font-medium text-zinc-900 dark:text-zinc-50">{note.title}</p>
            {note.description && <p className="mt-1 whitespace-pre-wrap">{note.description}</p>}
            <MediaLinks medias={note.medias} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OrderDetails({ order, choicePrices }: { order: OrderDetail; choicePrices: ChoicePrices }) {
  return (
    <>
      <OrderAnswers order={order} choicePrices={choicePrices} />
      <FormNotes order={order} />
    </>
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
              {question.title}
              {question.isRequired && (
                <span className="ml-2 text-xs font-normal text-zinc-700 dark:text-zinc-300">
                  ({m.orders_required()})
                </span>
              )}
            </dt>
            <dd className="mt-1 text-sm text-zinc-800 dark:text-zinc-200">
              {empty && <span className="text-zinc-700 dark:text-zinc-300">{m.orders_no_answer()}</span>}
              {answer?.text && <p className="whitespace-pre-wrap">{answer.text}</p>}
              {answer?.date && <p>{answer.date}</p>}
              {selected.length > 0 && (
                <ul className="list-inside list-disc">
                  {selected.map((choice) => (
                    <li key={choice.id}>
                      {choice.title}
                      {choicePrices[choice.id] ? ` (${choicePrices[choice.id]})` : ""}
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
