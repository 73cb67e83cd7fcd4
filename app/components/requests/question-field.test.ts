// A priced question as the client answers it (issue 63), rendered as the server renders it: each choice says how it
// prices, a rush choice says its promise and is not rendered while rush is not offered, and a picked `each` choice
// shows its count between − and + buttons named with the choice's title.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import type { PublicFormQuestion } from "#worker/services/catalog";
import { QuestionField } from "./question-field";
import { emptyAnswer, type AnswerDraft } from "./request-draft";
import type { ChoicePricing } from "./request-price";
import { priced } from "./priced-choice.test-support";

const choice = (id: string, title: string, pricing: ChoicePricing) => ({
  id,
  title,
  price: null,
  pricing,
  media: null,
});

const extras: PublicFormQuestion = {
  id: "q-extras",
  questionType: "MULTIPLE_CHOICE",
  isRequired: false,
  title: "Extras",
  description: "",
  medias: [],
  choices: [
    choice("c-background", "Background", priced({ amount: 5000, currencyCode: "JPY" })),
    choice("c-character", "Extra character", priced({ kind: "each", amount: 8000, currencyCode: "JPY", maxCount: 3 })),
    choice("c-commercial", "Commercial use", priced({ kind: "percent", percent: 100, licence: "streaming" })),
    choice("c-rush", "Rush", priced({ kind: "percent", percent: 30, rushDays: 5 })),
  ],
};

const render = (locale: Locale, value: AnswerDraft, rushOffered: boolean) =>
  withMessageLocale(locale, "http://localhost", () =>
    renderToStaticMarkup(
      createElement(QuestionField, {
        question: extras,
        index: 0,
        value,
        onChange: () => {},
        error: false,
        profileId: "p",
        rushOffered,
      }),
    ),
  );
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("a priced question", () => {
  it("says how each choice prices, and a rush choice's promise while rush is offered", () => {
    const shown = text(render("en", emptyAnswer(), true));
    expect(shown).toContain("Background +¥5,000");
    expect(shown).toContain("Extra character ¥8,000 each");
    expect(shown).toContain("Commercial use +100%");
    expect(shown).toContain("Rush Rush: within 5 days +30%");
  });

  it("does not render a rush choice while rush is not offered", () => {
    const html = render("en", { ...emptyAnswer(), choiceIds: ["c-rush"] }, false);
    expect(html).not.toContain("Rush");
    expect(html).toContain("Background");
  });

  it("counts a picked each choice with controls named by its title, and none before it is picked", () => {
    expect(render("en", emptyAnswer(), true)).not.toContain('type="number"');
    const html = render("en", { ...emptyAnswer(), choiceIds: ["c-character"], counts: { "c-character": 2 } }, true);
    const input = html.match(/<input type="number"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('min="1" max="3"');
    expect(input).toContain('value="2"');
    expect(input).toContain('aria-label="How many: Extra character"');
    expect(html).toContain('aria-label="One fewer: Extra character"');
    expect(html).toContain('aria-label="One more: Extra character"');
    const ja = render("ja", { ...emptyAnswer(), choiceIds: ["c-character"] }, true);
    expect(ja).toContain('aria-label="Extra characterの数量"');
  });
});
