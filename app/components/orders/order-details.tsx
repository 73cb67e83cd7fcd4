// The Details tab (spec section 2): the request's answers as the client sent them, from the order's snapshot. Drawn
// on the server only (order-markup.server.tsx).
import type { OrderDetail, OrderMediaView } from "../../../worker/services/order-views";

export interface DetailsTexts {
  noQuestions: string;
  required: string;
  noAnswer: string;
  file: string;
  /** Each selected choice's price, by choice id, for those with one. */
  choicePrices: Record<string, string>;
}

function MediaLinks({ medias, texts }: { medias: OrderMediaView[]; texts: DetailsTexts }) {
  if (medias.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {medias.map((media) =>
        media.url ? (
          <li key={media.id}>
            <a href={media.url} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center rounded-md border border-zinc-300 px-3 text-sm text-brand-700 underline dark:border-zinc-700 dark:text-brand-300">
              {media.name ?? texts.file}
            </a>
          </li>
        ) : null,
      )}
    </ul>
  );
}

export function OrderDetails({ order, texts }: { order: OrderDetail; texts: DetailsTexts }) {
  if (order.questions.length === 0) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.noQuestions}</p>;
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
              {question.isRequired && <span className="ml-2 text-xs font-normal text-zinc-700 dark:text-zinc-300">({texts.required})</span>}
            </dt>
            <dd className="mt-1 text-sm text-zinc-800 dark:text-zinc-200">
              {empty && <span className="text-zinc-700 dark:text-zinc-300">{texts.noAnswer}</span>}
              {answer?.text && <p className="whitespace-pre-wrap">{answer.text}</p>}
              {answer?.date && <p>{answer.date}</p>}
              {selected.length > 0 && (
                <ul className="list-inside list-disc">
                  {selected.map((choice) => (
                    <li key={choice.id}>
                      {choice.title}
                      {texts.choicePrices[choice.id] ? ` (${texts.choicePrices[choice.id]})` : ""}
                    </li>
                  ))}
                </ul>
              )}
              {answer && <MediaLinks medias={answer.medias} texts={texts} />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
