import { viewedMedia } from "#app/components/media/players/player-view";
import type { PublicFormQuestion } from "#worker/services/catalog";
import { QuestionMediaList } from "./question-media-list";

/**
 * A form question's own media as the request form shows them: each media's player is decided here, in the browser
 * (the request form also answers services whose questions come without views).
 */
export function QuestionMedias({
  question,
  className = "",
}: {
  question: Pick<PublicFormQuestion, "title" | "medias">;
  className?: string;
}) {
  return <QuestionMediaList title={question.title} medias={question.medias.map(viewedMedia)} className={className} />;
}
