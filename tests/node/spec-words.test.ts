// The spec's words, pinned in both languages (issue 76): every text the product spec quotes (sections 2, 4, 5, 8 and
// 9, each single-quoted string, read line by line), one row each. A row names the message that says it
// (messages/<area>/<locale>.json) and holds its English exactly as the spec words it and its Japanese exactly as Comet
// words it today; an upload error is also the server's own English (MEDIA_ERROR_TEXTS, the body of a refused upload,
// decision 004). A change to any of these words fails here: change the row with it, on purpose.
// Where Comet does not say the spec's text as a message, or words it differently, the row is a named exception with
// the decision that explains it (or none, said so), and still pins what Comet says instead.
// The i18n test (tests/worker/house/i18n.test.ts) holds that every language has every key; this one holds the words.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countPageVisit } from "#app/components/catalog/page-visit-counter";
import { formatDate } from "#worker/domain/dates";
import { unsupportedModelMessage } from "#worker/domain/page-visits";
import { MEDIA_ERROR_TEXTS, type MediaErrorCode } from "#worker/media/domain/media-limits";

const root = new URL("../../", import.meta.url);
const files = new Map<string, Record<string, string>>();
/** The message `area/key` in a locale, read from messages/<area>/<locale>.json. */
function message(locale: "en" | "ja", name: string): string | undefined {
  const [area, key] = name.split("/");
  const path = `messages/${area}/${locale}.json`;
  if (!files.has(path)) files.set(path, JSON.parse(readFileSync(new URL(path, root), "utf8")));
  return files.get(path)?.[key];
}

interface Row {
  /** Where the spec quotes it. */
  spec: string;
  /** The spec's words, exactly. */
  english: string;
  /** The message that says it: `area/key`. */
  message: string;
  /** Comet's Japanese, exactly. */
  japanese: string;
  /** The server's own English for the same refusal, where it has one. */
  server?: MediaErrorCode;
}

const ROWS: Row[] = [
  // Section 2: the notification bell.
  {
    spec: "2, announcements tab",
    english: "None yet.",
    message: "layout/header_notifications_empty",
    japanese: "まだありません。",
  },
  {
    spec: "2, empty notification list",
    english: "None yet.",
    message: "notifications/notifications_page_empty",
    japanese: "まだありません。",
  },
  // Section 4: the order's next step, the service modal's button.
  {
    spec: "4, DRAFT, buyer",
    english: "Awaiting creator approval",
    message: "orders/orders_awaiting_approval",
    japanese: "クリエイターの承認待ち",
  },
  {
    spec: "4, APPROVED paid, buyer",
    english: "Awaiting creator delivery",
    message: "orders/orders_awaiting_delivery",
    japanese: "クリエイターの納品待ち",
  },
  {
    spec: "4, DELIVERED, buyer",
    english: "Awaiting creator complete",
    message: "orders/orders_awaiting_complete",
    japanese: "クリエイターの完了待ち",
  },
  {
    spec: "4, COMPLETED",
    english: "Commission was successfully completed.",
    message: "orders/orders_step_completed",
    japanese: "依頼は無事に完了しました。",
  },
  {
    spec: "4, CANCELED",
    english: "Commission has been canceled.",
    message: "orders/orders_step_canceled",
    japanese: "依頼はキャンセルされました。",
  },
  {
    spec: "4, service modal, its creator",
    english: "You are the creator himself",
    message: "requests/requests_error_own",
    japanese: "ご自身が作成したサービスです",
  },
  {
    spec: "4, service modal, already sent",
    english: "You have already sent",
    message: "requests/requests_already_sent",
    japanese: "送信済みです",
  },
  // Section 5: validation.
  {
    spec: "5, handle",
    english: "The input must contain only alphanumeric characters",
    message: "common/validation_handle_alphanumeric",
    japanese: "半角英数字のみで入力してください",
  },
  {
    spec: "5, birthday",
    english: "A date of birth is required.",
    message: "common/validation_birthday",
    japanese: "生年月日を入力してください。",
  },
  {
    spec: "5 and 8, media limit",
    english: "Limit exceeded",
    message: "media/media_limit_exceeded",
    japanese: "上限を超えています",
    server: "media_limit_exceeded",
  },
  {
    spec: "5, portfolio hint",
    english: "Max 20MB each. JPG, PNG, GIF, or URLs",
    message: "media/media_portfolio_hint",
    japanese: "1ファイル最大20MB。JPG・PNG・GIF、またはURL",
  },
  { spec: "5, price of a form request", english: "Unsettled", message: "orders/orders_unsettled", japanese: "未定" },
  {
    spec: "5 and 8, required answers",
    english: "Please fill in all required fields",
    message: "requests/requests_error_required",
    japanese: "必須項目をすべて入力してください",
  },
  {
    spec: "5 and 8, inline, a request's question",
    english: "This field is required.",
    message: "requests/requests_field_required",
    japanese: "この項目は必須です。",
  },
  {
    spec: "5 and 8, inline, the card form",
    english: "This field is required.",
    message: "payments/payments_field_required",
    japanese: "この項目は必須です。",
  },
  {
    spec: "5 and 8, terms",
    english: "Please accept the terms and service",
    message: "requests/requests_error_terms",
    japanese: "利用規約に同意してください",
  },
  {
    spec: "5 and 8, upload too large",
    english: "Error: file size is too large.",
    message: "media/media_error_too_large",
    japanese: "エラー：ファイルサイズが大きすぎます。",
    server: "media_error_too_large",
  },
  {
    spec: "5 and 8, upload type",
    english: "Error: file type is not supported.",
    message: "media/media_error_unsupported_type",
    japanese: "エラー：このファイル形式には対応していません。",
    server: "media_error_unsupported_type",
  },
  {
    spec: "5 and 8, upload count",
    english: "Error: too many files.",
    message: "media/media_error_too_many",
    japanese: "エラー：ファイルが多すぎます。",
    server: "media_error_too_many",
  },
  {
    spec: "5 and 8, colour",
    english: "Invalid HEX color.",
    message: "media-colours/media_colours_invalid",
    japanese: "無効なHEXカラーです。",
  },
  // Section 8: the error catalogue.
  {
    spec: "8, bookmark on",
    english: "Failed to submit bookmark.",
    message: "catalog/catalog_bookmark_error_on",
    japanese: "ブックマークに失敗しました。",
  },
  {
    spec: "8, bookmark off",
    english: "Failed to submit unbookmark.",
    message: "catalog/catalog_bookmark_error_off",
    japanese: "ブックマークの解除に失敗しました。",
  },
  { spec: "8, chat send fails", english: "Error", message: "chat/chat_error_title", japanese: "エラー" },
  {
    spec: "8, submit throws",
    english: "You have already submitted your commission.",
    message: "requests/requests_error_already_submitted",
    japanese: "この依頼はすでに送信済みです。",
  },
  {
    spec: "8, pay throws",
    english: "You have already paid for this commission.",
    message: "orders/orders_already_paid",
    japanese: "この依頼はすでに支払い済みです。",
  },
  { spec: "8, card saved, title", english: "Success", message: "payments/toast_success_title", japanese: "成功" },
  {
    spec: "8, card saved, body",
    english: "Successfully",
    message: "payments/toast_success_description",
    japanese: "正常に完了しました",
  },
  {
    spec: "3 and 8, missing notification text",
    english: "Unknown",
    message: "notifications/notification_unknown",
    japanese: "不明",
  },
];

describe("the spec's words, in English as the spec words them and in Japanese as Comet does", () => {
  it.each(ROWS)("$spec: '$english' ($message)", ({ english, message: name, japanese, server }) => {
    expect(message("en", name), `messages/${name.split("/")[0]}/en.json`).toBe(english);
    expect(message("ja", name), `messages/${name.split("/")[0]}/ja.json`).toBe(japanese);
    if (server) expect(MEDIA_ERROR_TEXTS[server], `MEDIA_ERROR_TEXTS.${server}`).toBe(english);
  });

  // Section 9: the day's written form. The spec gives the pattern in each language; formatDate (the one day format of
  // the server's pages) writes a day with one-digit month and day, where padding shows.
  it("9: a day is 'MMMM d, yyyy' in English and 'yyyy年MM月dd日' in Japanese", () => {
    const day = Date.UTC(2026, 0, 5);
    expect(formatDate(day, "en")).toBe("January 5, 2026");
    expect(formatDate(day, "ja")).toBe("2026年01月05日");
  });
});

// ───────────────────────── exceptions: the spec's text that Comet says otherwise, or not as a message ─────────────────────────

interface Exception {
  /** Where the spec quotes it. */
  spec: string;
  /** The spec's words. */
  specWords: string;
  /** What Comet says instead, in English and, where a reader sees it, Japanese. */
  comet: () => Promise<{ en: string; ja?: string }>;
  en: string;
  ja: string | null;
  /** The decision that explains the difference, or "none" where no decision records it. */
  decision: string;
  why: string;
}

/** What `countPageVisit` logs when its call is answered by `answer` (a Response, or a thrown error). */
async function visitLog(answer: () => Promise<Response>): Promise<string> {
  const items = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  });
  vi.stubGlobal("fetch", vi.fn(answer));
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  await countPageVisit("commission/form", "commission_form", `spec-words-${Math.random()}`);
  return String(logged.mock.calls.at(-1)?.[0]);
}

const EXCEPTIONS: Exception[] = [
  {
    spec: "5, handle shorter than 4",
    specWords: "at least 2",
    comet: async () => ({
      en: message("en", "common/validation_handle_min")!,
      ja: message("ja", "common/validation_handle_min"),
    }),
    en: "The input must be at least 4 characters long",
    ja: "4文字以上で入力してください",
    decision: "001",
    why: "the spec's own message contradicts its rule (4 to 16); Comet's says the rule",
  },
  {
    spec: "5, handle longer than 16",
    specWords: "at least 16",
    comet: async () => ({
      en: message("en", "common/validation_handle_max")!,
      ja: message("ja", "common/validation_handle_max"),
    }),
    en: "The input must be at most 16 characters long",
    ja: "16文字以内で入力してください",
    decision: "001",
    why: "the original's max message says 'at least 16'; Comet's says 'at most 16'",
  },
  {
    spec: "8, page visit fails",
    specWords: "Failed to count visit.",
    comet: async () => ({ en: await visitLog(() => Promise.reject(new Error("offline"))) }),
    en: "Failed to count visit.",
    ja: null,
    decision: "062",
    why: "a console line, not a message: no reader sees it (the visit is then recorded locally); 062 tests the counter's logic rows as units",
  },
  {
    spec: "8, page visit answered non-200",
    specWords: "Failed to count visit with status code: {status}",
    comet: async () => ({ en: await visitLog(async () => new Response("{}", { status: 503 })) }),
    en: "Failed to count visit with status code: 503",
    ja: null,
    decision: "062",
    why: "a console line, not a message, as above",
  },
  {
    spec: "8, unsupported model in visit counting",
    specWords: "Unsupported model name: {name}",
    comet: async () => ({ en: unsupportedModelMessage("user_account") }),
    en: "Unsupported model name: user_account",
    ja: null,
    decision: "none",
    why: "the JSON door's error body (400), which the counter only logs; no decision says a door's error body stays English (004 says it of the media doors)",
  },
  {
    spec: "9, share hashtag",
    specWords: "cometme",
    comet: async () => ({
      en: /const SHARE_HASHTAG = "([^"]*)"/.exec(
        readFileSync(new URL("app/components/catalog/share-dialog.tsx", root), "utf8"),
      )?.[1] as string,
    }),
    en: "cometme",
    ja: null,
    decision: "none",
    why: "a hashtag, the same in every language, not a message (the links: tests/e2e/spec-rows-layout.spec.ts)",
  },
];

describe("the spec's words Comet says otherwise, each with its reason", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each(EXCEPTIONS)("$spec: '$specWords' (decision $decision: $why)", async ({ comet, en, ja, why }) => {
    expect(why).not.toBe("");
    const said = await comet();
    expect(said.en).toBe(en);
    expect(said.ja ?? null).toBe(ja);
  });
});
