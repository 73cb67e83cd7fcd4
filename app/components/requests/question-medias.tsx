import { MediaPlayer } from "~/components/media/players/media-player";
import { m } from "~/paraglide/messages.js";
import type { PublicFormQuestion } from "../../../worker/services/catalog";

/**
 * A form question's own media (references, examples), as the form page and the request form show them. Third-party
 * players show a thumbnail first and load only when pressed (MediaPlayer's LazyEmbed).
 */
export function QuestionMedias({ question, className = "" }: { question: Pick<PublicFormQuestion, "title" | "medias">; className?: string }) {
  if (question.medias.length === 0) return null;
  return (
    <ul aria-label={m.authoring_form_question_media({ title: question.title })} className={`mt-3 grid gap-3 sm:grid-cols-2 ${className}`.trim()}>
      {question.medias.map((media) => (
        <li key={media.id}>
          <MediaPlayer media={media} size="md" title={question.title} />
        </li>
      ))}
    </ul>
  );
}
