/** The brands spec section 3 names, as their marks read on a card; anything else shows its name. */
const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  jcb: "JCB",
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
};

const BRAND_STYLES: Record<string, string> = {
  visa: "bg-blue-800 text-white",
  mastercard: "bg-zinc-900 text-amber-300",
  jcb: "bg-emerald-800 text-white",
  amex: "bg-sky-700 text-white",
  diners: "bg-zinc-700 text-white",
  discover: "bg-orange-700 text-white",
};

const BRAND_MARKS: Record<string, string> = {
  visa: "VISA",
  mastercard: "MC",
  jcb: "JCB",
  amex: "AMEX",
  diners: "DC",
  discover: "DISC",
};

export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** A small card-shaped mark; decorative, since the text beside it names the brand. */
export function CardBrandMark({ brand }: { brand: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex h-8 w-12 shrink-0 items-center justify-center rounded-md text-[0.7rem] font-bold tracking-wide ${BRAND_STYLES[brand] ?? "bg-zinc-600 text-white"}`}
    >
      {BRAND_MARKS[brand] ?? brand.slice(0, 4).toUpperCase()}
    </span>
  );
}
