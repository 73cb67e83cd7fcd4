/**
 * Who numbers a document, and how its number is printed (decision 102). Each issuer has its own gapless series:
 * Comet's own documents (fee invoices, payout and period statements) in `comet`, a creator's receipts and refund notes
 * in `creator:{userAccountId}`. Printed, Comet's read `CMT-000123`; a creator's `CR-` + the first six letters or
 * digits of their account id, upper-cased, so two creators' `000045` never read alike: `CR-3F9A2C-000045`.
 */

export const COMET_ISSUER_KEY = "comet";
const CREATOR_ISSUER_PREFIX = "creator:";

/** The series of the documents issued in a creator's name. */
export const creatorIssuerKey = (userAccountId: string) => `${CREATOR_ISSUER_PREFIX}${userAccountId}`;

/** The digits a number is padded to; a longer series simply prints more. */
const NUMBER_DIGITS = 6;

/** What comes before the number in this issuer's series: `CMT-` or `CR-3F9A2C-`. */
export function displayPrefix(issuerKey: string): string {
  if (issuerKey === COMET_ISSUER_KEY) return "CMT-";
  if (!issuerKey.startsWith(CREATOR_ISSUER_PREFIX)) throw new RangeError(`Not an issuer: ${issuerKey}`);
  const letters = issuerKey
    .slice(CREATOR_ISSUER_PREFIX.length)
    .replace(/[^0-9a-z]/gi, "")
    .slice(0, 6)
    .toUpperCase();
  if (!letters) throw new RangeError(`Not an issuer: ${issuerKey}`);
  return `CR-${letters}-`;
}

/** The number as printed: the issuer's prefix, then the number padded to six digits. */
export function displayNumber(issuerKey: string, number: number): string {
  if (!Number.isSafeInteger(number) || number < 1) throw new RangeError(`Not a document number: ${number}`);
  return `${displayPrefix(issuerKey)}${String(number).padStart(NUMBER_DIGITS, "0")}`;
}

/**
 * The padding as SQLite's printf writes it, for the issuing batch, which learns the number only inside the database:
 * `printf('%06d', n)` pads as `padStart(6, "0")` does (document-numbers.test.ts and the workerd tests hold both).
 */
export const NUMBER_PRINTF_FORMAT = `%0${NUMBER_DIGITS}d`;
