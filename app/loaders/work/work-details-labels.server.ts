// The work page's details' headings (work-details.tsx), made by its loader in the reader's language.
import { m } from "#app/paraglide/messages.js";
import type { WorkDetailLabels } from "#app/components/work/work-details";

export const workDetailLabels = (): WorkDetailLabels => ({
  details: m.work_page_details(),
  categories: m.work_page_categories(),
  tags: m.work_page_tags(),
  client: m.work_page_client(),
  credits: m.work_page_credits(),
  licence: m.orders_licence_label(),
});
