/** The admin console's rules (issue 49, decisions 087, 088 and 093). */
import {
  hasDirectionControls,
  hasUnstorableCharacters,
  isBlankText,
  normalizeText,
  textLength,
} from "../../domain/text";

/** A ban's or an unban's reason, and a report decision's optional note: 1 to 500 characters once trimmed. */
export const ADMIN_REASON_MAX = 500;

/** Why an admin's text was refused: blank or too long, or with characters no admin text keeps. */
export type AdminTextError = "reason_invalid" | "reason_invalid_characters";
export type AdminTextResult = { ok: true; text: string } | { ok: false; error: AdminTextError };

/**
 * An admin's written text as stored (a ban's or an unban's reason, a report decision's note, a settlement's reason):
 * the storable-text rule (decision 048: no control characters, NUL among them, no lone surrogates), and no direction
 * controls (`hasDirectionControls`: a right-to-left override would make the audit log read otherwise than it was
 * written); then NFC, trimmed, 1 to `max` code points. A text with such characters is refused whole, never stripped.
 */
export function adminTextOf(input: unknown, max: number): AdminTextResult {
  if (typeof input !== "string") return { ok: false, error: "reason_invalid" };
  if (hasUnstorableCharacters(input) || hasDirectionControls(input))
    return { ok: false, error: "reason_invalid_characters" };
  if (isBlankText(input)) return { ok: false, error: "reason_invalid" };
  const text = normalizeText(input);
  return textLength(text) <= max ? { ok: true, text } : { ok: false, error: "reason_invalid" };
}

/** A ban's or an unban's reason as stored (`adminTextOf`, 1 to ADMIN_REASON_MAX characters). */
export const adminReasonOf = (input: unknown): AdminTextResult => adminTextOf(input, ADMIN_REASON_MAX);

/** A report decision's optional note: none when absent or blank, else a reason's rule. */
export function adminNoteOf(input: string | undefined): { ok: true; text: string | null } | AdminTextResult {
  if (input === undefined) return { ok: true, text: null };
  const checked = adminReasonOf(input);
  return !checked.ok && checked.error === "reason_invalid" && isBlankText(input) ? { ok: true, text: null } : checked;
}

/** The two decisions on a reported review. */
export const REPORT_DECISIONS = ["hide", "keep"] as const;

/** The longest user search taken (an e-mail address's length). */
export const USER_SEARCH_MAX = 254;

/**
 * The files of a disputed order an admin may open through the console's door (decision 088), by what they are: a
 * delivered file, a file the client sent with the request, a stage preview's original, a statement's evidence, a
 * file sent in the chat. Each kind is looked up within its order, never by a key the caller names.
 */
export const DISPUTE_FILE_KINDS = ["deliverable", "request", "preview", "evidence", "chat"] as const;
export type DisputeFileKind = (typeof DISPUTE_FILE_KINDS)[number];
export const isDisputeFileKind = (value: unknown): value is DisputeFileKind =>
  typeof value === "string" && (DISPUTE_FILE_KINDS as readonly string[]).includes(value);

/**
 * Whether a request starts a new read of a file an admin has already opened: one without a Range, or one from the first
 * byte, as a player's first request is; a player's later ranges of the same file (seeking a video) are the same read.
 * An admin's first request of a file is a read whatever its Range, or its lack of sense (issue 59: `bytes=-100000`,
 * `garbage`, `bytes=00-` or `bytes=2-,0-1` each served the whole file): the door writes that row by itself
 * (`recordFileRead`), so a file is never read unaudited.
 */
export function opensFile(range: string | null): boolean {
  return range === null || /^bytes=0-/i.test(range.trim());
}

/** The settlements that move money (decision 088): every outcome but a reopen, which the console confirms first. */
export const movesMoney = (outcome: string): boolean =>
  outcome === "refund" || outcome === "release" || outcome === "split";

// ───────────────────────── a party is never the judge (decision 093) ─────────────────────────

/** The refusal of an admin action by an admin who is a party to what it decides (403). */
export const ADMIN_IS_PARTY = "admin_is_party" as const;

/**
 * What an admin may be a party to, and so never decide: an order (its seller or buyer: a dispute's settlement, an admin
 * cancel), a reported review (its author, the reviewed party, or a reporter of its open reports), a reported work or
 * profile (its owner, or a reporter), an account (its own: a ban or an unban).
 */
export type AdminCase = "order" | "review" | "work" | "profile" | "account";

/** Whether the admin (a user account) is among a case's parties (the user accounts behind it). */
export const isPartyTo = (adminAccountId: string, parties: readonly (string | null | undefined)[]): boolean =>
  parties.includes(adminAccountId);

/**
 * Who may decide a case, as the console tells the admin who reads it: `you`, unless you are a party; else
 * `another_admin` when an admin who is no party exists (`admins`: the accounts with the admin role, not banned); else
 * `no_admin`: every admin is a party, and the case waits, held, until another admin is added.
 */
export type CaseJudge = "you" | "another_admin" | "no_admin";
export function judgeOf(viewer: string, admins: readonly string[], parties: readonly string[]): CaseJudge {
  if (!isPartyTo(viewer, parties)) return "you";
  return admins.some((admin) => !isPartyTo(admin, parties)) ? "another_admin" : "no_admin";
}

// ───────────────────────── the console is not there for anyone else (decision 087) ─────────────────────────

/** A path as React Router matches it: without the `.data` of a data request (`/admin.data`, `/admin/_.data`). */
const pagePathOf = (pathname: string) => pathname.replace(/\/_\.data$/i, "/").replace(/\.data$/i, "");

/**
 * Whether a path is the admin console's (decision 087), as React Router would match it: its first segment is `admin`,
 * whatever its case or percent-encoding, with or without a `.data` ending (`/admin.data`, `/admin/users.data`,
 * `/admin/_.data`). Counted generously: a path read as the console's that is not is only another unknown path.
 */
export function isAdminConsolePath(pathname: string): boolean {
  let path = pagePathOf(pathname);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is matched by React Router as it is written; so here.
  }
  return (
    path
      .split(/[/\\]+/)
      .find(Boolean)
      ?.toLowerCase() === "admin"
  );
}

/**
 * The path a stranger's request of the console is answered as (issue 59): one nothing claims, with as many segments as
 * theirs, each `-` (never a handle, which is letters and digits), keeping a `.data` ending. The shape matters: the
 * browser keeps the address it asked for, and React Router's client matches it against the routes the page was
 * rendered with and those of its parent paths; of the same shape, both read the same route, as for any unknown path:
 * one segment is a handle nobody has (the profile's 404), more the catch-all 404.
 */
export function unknownPathLike(pathname: string): string {
  const data = /\.data$/i.test(pathname) ? ".data" : "";
  const segments = pagePathOf(pathname).split("/").filter(Boolean).length;
  return `/${Array.from({ length: Math.max(1, segments) }, () => "-").join("/")}${data}`;
}
