// The JSON doors that read their body by hand before issue 47 (jsonInput() and a hand safeParse) answer a client
// exactly as they did once moved to jsonBody(schema): each refusal's status and body, for a signed-out caller and a
// signed-in one, for a body that is not JSON, not JSON's type, or JSON the door's schema refuses. The figures were
// read from those doors as they were (this file passes on the commit before the move, and after it).
import { describe, expect, it } from "vitest";
import {
  accountSettingsSchema,
  parseFields,
  profileStepSchema,
  signInStartSchema,
  signUpStartSchema,
} from "#worker/domain/validation";
import { translateErrors } from "#worker/messages/validation";
import { paymentInputError } from "#worker/messages/payments";
import { requestMessage } from "#worker/messages/requests";
import { BASE, call } from "../support/helpers";
import { linkMedia } from "../support/chat-fixtures";
import { newUser } from "../support/payments-helpers";
import { exports } from "cloudflare:workers";

/** The field messages the old doors built with parseFields, in English. */
const fieldErrors = (schema: Parameters<typeof parseFields>[0], body: unknown) => {
  const parsed = parseFields(schema, body);
  if (parsed.ok) throw new Error("the body should be refused");
  return { errors: translateErrors(parsed.errors, "en") };
};

const answer = async (response: Response) => [response.status, await response.json()];
const post = (path: string, json: unknown, cookie?: string) => call(path, { method: "POST", json, cookie });
const postText = (path: string, body: string, contentType: string, cookie?: string) =>
  exports.default.fetch(
    new Request(`${BASE}${path}`, {
      method: "POST",
      body,
      headers: { "content-type": contentType, "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) },
    }),
  );

const UNAUTHENTICATED = [401, { error: "unauthenticated" }];
const UNAUTHORIZED = [401, { error: "unauthorized" }];
const INVALID = [400, { error: "invalid_request" }];

/** Every door moved, with the JSON its schema refuses (an object of the wrong fields) and what each caller got. */
const doors: { path: string; wrong: unknown; signedOut: unknown[]; signedIn: unknown[] | (() => unknown[]) }[] = [
  {
    path: "/api/account/language",
    wrong: { languageCode: "xx" },
    signedOut: [400, { error: "invalid_language" }],
    signedIn: [400, { error: "invalid_language" }],
  },
  {
    path: "/api/account/currency",
    wrong: { currencyCode: "XXX" },
    signedOut: UNAUTHENTICATED,
    signedIn: [400, { error: "invalid_currency" }],
  },
  {
    path: "/api/account/update",
    wrong: { displayLanguageCode: "xx", birthday: "2999-01-01" },
    signedOut: UNAUTHENTICATED,
    signedIn: () => [
      400,
      fieldErrors(accountSettingsSchema(Date.now()), { displayLanguageCode: "xx", birthday: "2999-01-01" }),
    ],
  },
  {
    path: "/api/account/profile-step",
    wrong: { name: 5, birthday: "1990-02-30" },
    signedOut: UNAUTHENTICATED,
    signedIn: () => [400, fieldErrors(profileStepSchema(Date.now()), { name: 5, birthday: "1990-02-30" })],
  },
  { path: "/api/account/picture", wrong: { field: "banner", url: "x" }, signedOut: UNAUTHENTICATED, signedIn: INVALID },
  {
    path: "/api/auth/email/send",
    wrong: { handle: 5, email: "nope" },
    signedOut: [400, fieldErrors(signUpStartSchema, { handle: 5, email: "nope" })],
    signedIn: [400, fieldErrors(signUpStartSchema, { handle: 5, email: "nope" })],
  },
  // The card doors answer with a sentence since issue 59 (a Stripe id's shape is checked first).
  {
    path: "/api/stripe/intent/setup/confirm",
    wrong: { intentId: "" },
    signedOut: UNAUTHORIZED,
    signedIn: [400, { error: "invalid_request", message: paymentInputError("setup_intent", "en") }],
  },
  {
    path: "/api/stripe/payment/method/delete",
    wrong: { methodId: 5 },
    signedOut: UNAUTHORIZED,
    signedIn: [400, { error: "invalid_request", message: paymentInputError("method", "en") }],
  },
  {
    path: "/api/stripe/intent/payment/get",
    wrong: { intentId: "pi_1" },
    signedOut: UNAUTHORIZED,
    signedIn: [400, { error: "invalid_request", message: paymentInputError("payment_intent", "en") }],
  },
  {
    path: "/api/features/notification/read",
    wrong: { notificationId: "x".repeat(65) },
    signedOut: UNAUTHORIZED,
    signedIn: INVALID,
  },
  {
    path: "/api/features/chat/message/submit",
    wrong: { chatRoomId: "r", text: 5 },
    signedOut: INVALID,
    signedIn: INVALID,
  },
  { path: "/api/features/chat/room/update", wrong: { chatRoomId: "r" }, signedOut: INVALID, signedIn: INVALID },
  {
    path: "/api/features/chat/message/translate",
    wrong: { chatRoomId: "r", seq: 0 },
    signedOut: INVALID,
    signedIn: INVALID,
  },
  { path: "/api/features/chat/room/read", wrong: { chatRoomId: "r", seq: -1 }, signedOut: INVALID, signedIn: INVALID },
  {
    path: "/api/features/commission/service/submit",
    wrong: { serviceId: 5 },
    signedOut: UNAUTHORIZED,
    signedIn: [400, { error: "requests_error_invalid", message: requestMessage("requests_error_invalid", "en") }],
  },
  {
    path: "/api/features/commission/form/submit",
    wrong: {},
    signedOut: UNAUTHORIZED,
    signedIn: [400, { error: "requests_error_invalid", message: requestMessage("requests_error_invalid", "en") }],
  },
];

describe("the doors moved to jsonBody answer as before", () => {
  it.each(doors)("$path", async ({ path, wrong, signedOut, signedIn }) => {
    const { cookie } = await newUser();
    expect(await answer(await post(path, wrong)), "signed out, refused JSON").toEqual(signedOut);
    expect(await answer(await post(path, wrong, cookie)), "signed in, refused JSON").toEqual(
      typeof signedIn === "function" ? signedIn() : signedIn,
    );
    // Before any field is read: JSON's type and JSON itself; a signed-out caller of the doors behind a sign-in
    // middleware (stripe, notifications) gets its 401 first.
    const behindMiddleware = signedOut === UNAUTHORIZED && !path.includes("/commission/");
    for (const who of [undefined, cookie]) {
      const expected = (answer: unknown[]) => (who || !behindMiddleware ? answer : UNAUTHORIZED);
      expect(await answer(await postText(path, JSON.stringify(wrong), "text/plain", who)), "as text").toEqual(
        expected([415, { error: "unsupported_media_type" }]),
      );
      expect(await answer(await postText(path, "{", "application/json", who)), "not JSON").toEqual(expected(INVALID));
    }
  });

  it("a sign-in with no handle, or a body that is not an object, answers the sign-in's field messages", async () => {
    expect(await answer(await post("/api/auth/email/send", { email: "nope" }))).toEqual([
      400,
      fieldErrors(signInStartSchema, { email: "nope" }),
    ]);
    expect(await answer(await post("/api/auth/email/send", null))).toEqual([400, fieldErrors(signInStartSchema, null)]);
    expect(await answer(await post("/api/account/language", null))).toEqual([400, { error: "invalid_language" }]);
  });

  it("a chat send with a bad link says why, in the caller's language, signed in or not", async () => {
    const send = {
      chatRoomId: "r",
      clientMessageId: "c",
      messageText: { text: "", languageCode: "en" },
      messageMedias: [linkMedia("javascript:alert(1)")],
    };
    const { cookie } = await newUser();
    for (const who of [undefined, cookie]) {
      expect(await answer(await post("/api/features/chat/message/submit", send, who))).toEqual([
        400,
        {
          error: "invalid_link",
          message: "This link cannot be sent: use an http or https address of at most 2,000 characters.",
        },
      ]);
    }
  });
});
