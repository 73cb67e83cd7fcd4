// The work-list pages' words (work-list-page.tsx, client-works.tsx), made by their loaders in the reader's
// language (decision 016's pattern), so each page ships only its own.
import { m } from "#app/paraglide/messages.js";
import type { WorkListTexts } from "#app/components/authoring/work-list-page";
import type { MadeForYouTexts } from "#app/components/authoring/client-works";

/** A portfolio of one's own works (the creator's, or a client's). */
export const portfolioListTexts = (): WorkListTexts => ({
  title: m.authoring_portfolio_title(),
  intro: m.authoring_portfolio_intro(),
  emptyMessage: m.authoring_portfolio_empty(),
  emptyDetail: m.authoring_portfolio_empty_detail(),
  add: m.authoring_portfolio_add(),
});

/** The creator's client works. */
export const clientWorksListTexts = (): WorkListTexts => ({
  title: m.client_works_title(),
  intro: m.client_works_intro(),
  emptyMessage: m.client_works_empty(),
  emptyDetail: m.client_works_empty_detail(),
  add: m.client_works_add(),
});

/** The client's "Made for you" section, with or without works. */
export const madeForYouTexts = (count: number): MadeForYouTexts => ({
  heading: m.client_works_made_for_you(),
  intro: count ? m.client_works_made_for_you_intro() : m.client_works_made_for_you_empty(),
});
