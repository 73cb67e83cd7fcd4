// Stripe's currency rules the emulator enforces: which currencies a charge may be presented in, and the smallest
// amount Stripe charges in each. Stripe's OpenAPI file types `currency` as a plain string, so the list lives here.

/**
 * Stripe's supported presentment currencies, https://docs.stripe.com/currencies#presentment-currencies (the list
 * Stripe's own `Invalid currency` answer prints, in its order: usd first, then alphabetical).
 */
export const PRESENTMENT_CURRENCIES: readonly string[] = [
  "usd", "aed", "afn", "all", "amd", "ang", "aoa", "ars", "aud", "awg", "azn", "bam", "bbd", "bdt", "bgn", "bhd", "bif",
  "bmd", "bnd", "bob", "brl", "bsd", "bwp", "byn", "bzd", "cad", "cdf", "chf", "clp", "cny", "cop", "crc", "cve", "czk",
  "djf", "dkk", "dop", "dzd", "egp", "etb", "eur", "fjd", "fkp", "gbp", "gel", "gip", "gmd", "gnf", "gtq", "gyd", "hkd",
  "hnl", "htg", "huf", "idr", "ils", "inr", "isk", "jmd", "jod", "jpy", "kes", "kgs", "khr", "kmf", "krw", "kwd", "kyd",
  "kzt", "lak", "lbp", "lkr", "lrd", "lsl", "mad", "mdl", "mga", "mkd", "mmk", "mnt", "mop", "mur", "mvr", "mwk", "mxn",
  "myr", "mzn", "nad", "ngn", "nio", "nok", "npr", "nzd", "omr", "pab", "pen", "pgk", "php", "pkr", "pln", "pyg", "qar",
  "ron", "rsd", "rub", "rwf", "sar", "sbd", "scr", "sek", "sgd", "shp", "sle", "sos", "srd", "std", "szl", "thb", "tjs",
  "tnd", "top", "try", "ttd", "twd", "tzs", "uah", "ugx", "uyu", "uzs", "vnd", "vuv", "wst", "xaf", "xcd", "xof", "xpf",
  "yer", "zar", "zmw",
];

const SUPPORTED = new Set(PRESENTMENT_CURRENCIES);

export function isPresentmentCurrency(code: string): boolean {
  return SUPPORTED.has(code.toLowerCase());
}

/** Stripe's answer to an unsupported `currency` (its wording, e.g. "Invalid currency: zzz. Stripe currently supports …"). */
export function invalidCurrencyMessage(code: string): string {
  return `Invalid currency: ${code.toLowerCase()}. Stripe currently supports these currencies: ${PRESENTMENT_CURRENCIES.join(", ")}`;
}

/**
 * The smallest charge per currency, in minor units, from https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts
 * (e.g. $0.50 = 50, £0.30 = 30, ¥50 = 50, HK$4.00 = 400, 175.00 Ft = 17500). The table covers the currencies Stripe
 * settles in; a charge in another currency must meet the settlement currency's minimum after conversion, which the
 * emulator (no exchange rates) does not model: there the smallest amount is one minor unit.
 */
const MINIMUM_CHARGE: Readonly<Record<string, number>> = {
  usd: 50, aed: 200, ars: 50, aud: 50, brl: 50, cad: 50, chf: 50, cop: 50, czk: 1500, dkk: 250, eur: 50, gbp: 30, hkd: 400,
  huf: 17500, idr: 50, ils: 50, inr: 50, jpy: 50, krw: 50, mxn: 1000, myr: 200, nok: 300, nzd: 50, php: 50, pln: 200,
  ron: 200, rub: 50, sek: 300, sgd: 50, thb: 1000, zar: 50,
};

export function minimumChargeAmount(currency: string): number {
  return MINIMUM_CHARGE[currency.toLowerCase()] ?? 1;
}

/** `$0.50`, `¥50`, `£0.30`: how Stripe writes the minimum in `amount_too_small` ("Amount must be at least $0.50 usd"). */
export function formatMinorUnits(amount: number, currency: string): string {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
