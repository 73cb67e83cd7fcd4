// What the translation check names when a translation fails the kept-spans rule (worker/domain/text-language.ts): the
// rule answers yes or no, a reader fixing the pipeline needs the span.

/**
 * @typedef {{
 *   segmentForTranslation(text: string): { kind: string; value: string }[];
 *   translationKeepsSpans(original: string, translation: string): boolean;
 * }} SpanRule
 */

/**
 * The spans of `source` that `translation` lost and the ones it brought in (none when the rule keeps it): links, e-mails, handles and codes compared
 * exactly and as often as written, amounts by the rule's own comparison (by value, so 1万円 may come back as 10,000 yen).
 * @param {string} source
 * @param {string} translation
 * @param {SpanRule} rule
 * @returns {string[]}
 */
export function spansNotKept(source, translation, { segmentForTranslation, translationKeepsSpans }) {
  if (translationKeepsSpans(source, translation)) return [];
  const spans = (/** @type {string} */ text) => segmentForTranslation(text).filter((span) => span.kind !== "text");
  const theirs = spans(translation);
  const theirAmounts = theirs
    .filter((span) => span.kind === "amount")
    .map((span) => span.value)
    .join("\n");
  const unmatched = theirs.filter((span) => span.kind !== "amount");
  const lost = [];
  for (const span of spans(source)) {
    if (span.kind === "amount") {
      // The amount alone against the translation's amounts alone: the rule then compares nothing but amounts.
      if (!translationKeepsSpans(span.value, theirAmounts)) lost.push(`${span.kind} ${span.value}`);
      continue;
    }
    const at = unmatched.findIndex((their) => their.kind === span.kind && their.value === span.value);
    if (at >= 0) unmatched.splice(at, 1);
    else lost.push(`${span.kind} ${span.value}`);
  }
  const added = unmatched.map((span) => `added ${span.kind} ${span.value}`);
  return lost.length + added.length > 0 ? [...lost, ...added] : ["the spans differ"];
}
