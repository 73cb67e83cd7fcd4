import { Link } from "react-router";
import type { FormCard as FormCardData } from "../../../worker/services/catalog";
import { truncateText } from "../../../worker/domain/search";
import { PriceLabel } from "./price-label";

/** Spec section 2: form titles are cut at 30 characters on cards. */
export const FORM_TITLE_MAX = 30;

/** A commission form card: links to /cf/{code}; title, category and price. */
export function FormCard({ form, headingLevel = "h3" }: { form: FormCardData; headingLevel?: "h3" | "h4" }) {
  const Heading = headingLevel;
  return (
    <Link
      to={`/cf/${form.code}`}
      className="block rounded-xl border border-zinc-200 bg-white p-4 hover:border-brand-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-300"
    >
      <Heading className="font-semibold text-zinc-900 dark:text-zinc-50" title={form.title}>
        {truncateText(form.title, FORM_TITLE_MAX)}
      </Heading>
      {form.categoryName ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{form.categoryName}</p> : null}
      <PriceLabel price={form.price} className="mt-2 block text-sm font-semibold text-zinc-900 dark:text-zinc-100" />
    </Link>
  );
}
