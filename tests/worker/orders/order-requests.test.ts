// Request submission (issue 10): a client's request to a service or a form becomes a DRAFT order with a snapshot of
// what they saw and answered, once; every refusal of spec sections 5 and 8 is checked on the server, answers the
// spec's message in the user's language and writes nothing; answer files are kept private to the order's parties.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { PNG, newMember, pathOf, putTo, signWriteAs } from "../support/media-fixtures";
import type { RequestAnswer } from "#worker/orders/domain/order-request";
import { getOrderDetail, type OrderViewer } from "#worker/orders/services/order-views";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { OrderDetails } from "#app/components/orders/order-details";
import { orderStub } from "#worker/orders/order-stub";

const TEMPLATE = {
  title: { en: "Character sheet" },
  price: 8000,
  questions: [
    { type: "LONG_TEXT", required: true, title: "Commission details" },
    {
      type: "SINGLE_CHOICE",
      required: true,
      title: "Plan",
      choices: [
        { title: "Bust", price: 12_000 },
        { title: "Full body", price: 20_000 },
      ],
    },
    {
      type: "MULTIPLE_CHOICE",
      required: false,
      title: "Extras",
      choices: [
        { title: "Private", price: 10_000 },
        { title: "Rush", price: null },
      ],
    },
    { type: "MEDIA", required: false, title: "References" },
    { type: "DATE", required: false, title: "Wanted by" },
    { type: "NONE", required: false, title: "Notice" },
  ],
};

async function setUp({ open = true }: { open?: boolean } = {}) {
  const seller = await seedCreator({
    handle: `rq${crypto.randomUUID().slice(0, 8)}`,
    open,
    forms: [TEMPLATE],
    services: [{ title: "Bust-up portrait", price: 10_000, formIndex: 0 }],
  });
  const buyer = await newMember("rqby");
  await addCard(buyer.accountId);
  const questions = (
    await env.DB.prepare(
      "SELECT id, question_type AS type FROM commission_form_questions WHERE form_id = ? ORDER BY user_index",
    )
      .bind(seller.forms[0].id)
      .all<{ id: string; type: string }>()
  ).results;
  const choices = async (questionId: string) =>
    (
      await env.DB.prepare("SELECT id FROM commission_form_question_choices WHERE question_id = ? ORDER BY user_index")
        .bind(questionId)
        .all<{ id: string }>()
    ).results.map((c) => c.id);
  const [details, plan, extras, references, wantedBy] = questions;
  return {
    seller,
    buyer,
    serviceId: seller.services[0],
    formCode: seller.forms[0].code,
    q: { details, plan, extras, references, wantedBy },
    planChoices: await choices(plan.id),
    extraChoices: await choices(extras.id),
  };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

async function addCard(userAccountId: string) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO payment_account_methods (id, user_account_id, stripe_method_id, brand, last4, exp_month, exp_year, created_at, updated_at) VALUES (?, ?, ?, 'visa', '4242', 12, 2099, ?, ?)",
  )
    .bind(crypto.randomUUID(), userAccountId, `pm_${crypto.randomUUID()}`, now, now)
    .run();
}

/** A complete, valid request: details written, the full-body plan and the private extra picked, a date. */
function request(
  s: Setup,
  overrides: Record<string, unknown> = {},
  medias: { formatType: "FILE" | "LINK"; url: string; name?: string }[] = [],
) {
  return {
    serviceId: s.serviceId,
    paymentAccountMethodId: null,
    isAgreedToTerms: true,
    isAcknowledged: true,
    formQuestionAnswers: <RequestAnswer[]>[
      {
        formQuestionId: s.q.details.id,
        formQuestionType: "LONG_TEXT",
        answer: { text: { text: "A knight with a red cape", languageCode: "en" }, date: null, medias: [] },
        questionChoices: [],
      },
      {
        formQuestionId: s.q.plan.id,
        formQuestionType: "SINGLE_CHOICE",
        answer: { text: null, date: null, medias: [] },
        questionChoices: [{ formQuestionChoiceId: s.planChoices[1], formQuestionChoiceStatus: "SELECTED" }],
      },
      {
        formQuestionId: s.q.extras.id,
        formQuestionType: "MULTIPLE_CHOICE",
        answer: { text: null, date: null, medias: [] },
        questionChoices: [{ formQuestionChoiceId: s.extraChoices[0], formQuestionChoiceStatus: "SELECTED" }],
      },
      {
        formQuestionId: s.q.references.id,
        formQuestionType: "MEDIA",
        answer: { text: null, date: null, medias },
        questionChoices: [],
      },
      {
        formQuestionId: s.q.wantedBy.id,
        formQuestionType: "DATE",
        answer: { text: null, date: "2027-01-15", medias: [] },
        questionChoices: [],
      },
    ],
    ...overrides,
  };
}

const submitService = (cookie: string | undefined, json: unknown) =>
  call("/api/features/commission/service/submit", { method: "POST", cookie, json });
const submitForm = (cookie: string | undefined, json: unknown) =>
  call("/api/features/commission/form/submit", { method: "POST", cookie, json });
const ordersOf = async (buyerAccountId: string) =>
  (
    await env.DB.prepare(
      "SELECT o.* FROM commission_orders o JOIN commission_accounts ca ON ca.id = o.buyer_id WHERE ca.user_account_id = ? ORDER BY o.submitted_at",
    )
      .bind(buyerAccountId)
      .all<Record<string, unknown>>()
  ).results;
const textOf = async (entityType: string, entityId: string, field: string) =>
  (
    await env.DB.prepare("SELECT text FROM localized_texts WHERE entity_type = ? AND entity_id = ? AND field = ?")
      .bind(entityType, entityId, field)
      .first<{ text: string }>()
  )?.text;

describe("sending a request for a service", () => {
  it("makes one DRAFT order with a short code, the snapshot of what the client saw and answered, the creator's notice and the approval alarm", async () => {
    const s = await setUp();
    const response = await submitService(s.buyer.cookie, request(s));
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { orderId: string; code: string } }>();
    expect(data.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);

    const [order] = await ordersOf(s.buyer.accountId);
    expect(order).toMatchObject({
      id: data.orderId,
      code: data.code,
      order_submit_status: "SERVICE_SUBMITTED",
      order_progress_status: "DRAFT",
      order_payment_status: "DRAFT",
      service_id: s.serviceId,
    });
    // Priced into lines (issue 63): the seed's choices have no kind, so each adds to the service's 10,000 (the
    // full body's 20,000, the private fee's 10,000); plans replacing the base are issue 63's own tests.
    expect(order.price_amount).toBe(40_000);
    expect(order.approval_deadline).toBe(Number(order.submitted_at) + 7 * 86_400_000);
    // Its chat room comes with it, DRAFT like the order's chat (issue 11).
    const room = await env.DB.prepare("SELECT room_status FROM chat_rooms WHERE order_id = ?")
      .bind(data.orderId)
      .first<{ room_status: string }>();
    expect(room?.room_status).toBe("DRAFT");

    const orderService = await env.DB.prepare("SELECT id FROM commission_order_services WHERE order_id = ?")
      .bind(data.orderId)
      .first<{ id: string }>();
    expect(await textOf("commission_order_service", orderService!.id, "title")).toBe("Bust-up portrait");
    const questions = (
      await env.DB.prepare(
        `SELECT q.id, q.question_type, (SELECT t.text FROM localized_texts t WHERE t.entity_type = 'commission_order_form_question' AND t.entity_id = q.id AND t.field = 'title') AS title,
           a.answer_date, (SELECT t.text FROM localized_texts t WHERE t.entity_type = 'commission_order_question_answer' AND t.entity_id = a.id) AS answer
         FROM commission_order_form_questions q JOIN commission_order_forms f ON f.id = q.order_form_id
         LEFT JOIN commission_order_question_answers a ON a.order_form_question_id = q.id WHERE f.order_id = ? ORDER BY q.user_index`,
      )
        .bind(data.orderId)
        .all<Record<string, unknown>>()
    ).results;
    expect(questions.map((q) => q.title)).toEqual([
      "Commission details",
      "Plan",
      "Extras",
      "References",
      "Wanted by",
      "Notice",
    ]);
    expect(questions[0].answer).toBe("A knight with a red cape");
    expect(questions[4].answer_date).toBe("2027-01-15");
    const picked = (
      await env.DB.prepare(
        `SELECT c.answer_choice_status AS status FROM commission_order_question_choices c WHERE c.order_form_question_id = ? ORDER BY c.user_index`,
      )
        .bind(questions[1].id)
        .all<{ status: string }>()
    ).results.map((c) => c.status);
    expect(picked).toEqual(["UNSELECTED", "SELECTED"]);

    const notice = await env.DB.prepare(
      "SELECT recipient_user_account_id AS recipient, notification_type AS type, href, from_profile_id AS sender FROM notifications WHERE order_id = ?",
    )
      .bind(data.orderId)
      .first();
    // From the client who sent it (issue 33).
    expect(notice).toEqual({
      recipient: s.seller.accountId,
      type: "COMMISSION_SERVICE_SUBMITTED",
      href: `/dashboard/commission/managements?order=${data.code}`,
      sender: s.buyer.profileId,
    });

    const alarm = await runInDurableObject(orderStub(env.ORDER, data.orderId), (_instance, state) =>
      state.storage.getAlarm(),
    );
    expect(alarm).toBe(order.approval_deadline);
  });

  it("keeps what the client saw when the creator later edits the service", async () => {
    const s = await setUp();
    const { data } = await (await submitService(s.buyer.cookie, request(s))).json<{ data: { orderId: string } }>();
    await env.DB.prepare(
      "UPDATE localized_texts SET text = 'Renamed' WHERE entity_type = 'commission_service' AND entity_id = ?",
    )
      .bind(s.serviceId)
      .run();
    const orderService = await env.DB.prepare("SELECT id FROM commission_order_services WHERE order_id = ?")
      .bind(data.orderId)
      .first<{ id: string }>();
    expect(await textOf("commission_order_service", orderService!.id, "title")).toBe("Bust-up portrait");
  });

  it("a second request while the first is pending is refused, and five racing requests make one order", async () => {
    const s = await setUp();
    const results = await Promise.all(Array.from({ length: 5 }, () => submitService(s.buyer.cookie, request(s))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const refused = await results.find((r) => r.status === 409)!.json();
    expect(refused).toMatchObject({
      error: "requests_error_already_submitted",
      message: "You have already submitted your commission.",
    });
    expect(await ordersOf(s.buyer.accountId)).toHaveLength(1);
    const again = await submitService(s.buyer.cookie, request(s));
    expect(again.status).toBe(409);
    expect(await ordersOf(s.buyer.accountId)).toHaveLength(1);
  });
});

describe("refusals change nothing and say why, in the user's language", () => {
  it("unanswered required questions: the spec's alert and which questions", async () => {
    const s = await setUp();
    const body = request(s);
    body.formQuestionAnswers = body.formQuestionAnswers.filter(
      (a) => a.formQuestionType !== "LONG_TEXT" && a.formQuestionType !== "SINGLE_CHOICE",
    );
    const response = await submitService(s.buyer.cookie, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "requests_error_required",
      message: "Please fill in all required fields",
      missing: [s.q.details.id, s.q.plan.id],
    });
    expect(await ordersOf(s.buyer.accountId)).toEqual([]);
  });

  it("a blank text counts as unanswered", async () => {
    const s = await setUp();
    const body = request(s);
    body.formQuestionAnswers[0] = {
      ...body.formQuestionAnswers[0],
      answer: { text: { text: "   ", languageCode: "en" }, date: null, medias: [] },
    };
    expect(await (await submitService(s.buyer.cookie, body)).json()).toMatchObject({ missing: [s.q.details.id] });
  });

  it("a required text of only zero-width and invisible characters is unanswered: 'This field is required.', nothing stored (issue 45)", async () => {
    const s = await setUp();
    for (const text of ["\u200b", "\u200b\u200c\u200d\u2060\ufeff\u00ad \u3000\n"]) {
      const body = request(s);
      body.formQuestionAnswers[0] = {
        ...body.formQuestionAnswers[0],
        answer: { text: { text, languageCode: "en" }, date: null, medias: [] },
      };
      const response = await submitService(s.buyer.cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "requests_error_required",
        message: "Please fill in all required fields",
        missing: [s.q.details.id],
      });
    }
    expect(await ordersOf(s.buyer.accountId)).toEqual([]);
  });

  it("a SoundCloud player link carrying a javascript: or data: address is refused like any bad link, nothing stored (issue 45)", async () => {
    const s = await setUp();
    for (const inner of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>"]) {
      const url = `https://w.soundcloud.com/player/?url=${encodeURIComponent(inner)}`;
      const response = await submitService(s.buyer.cookie, request(s, {}, [{ formatType: "LINK", url }]));
      expect(response.status, inner).toBe(400);
      expect(await response.json()).toMatchObject({ error: "requests_error_invalid" });
    }
    expect(await ordersOf(s.buyer.accountId)).toEqual([]);
    const stored = await env.DB.prepare(
      "SELECT count(*) AS n FROM media WHERE link_url LIKE 'javascript:%' OR link_url LIKE 'data:%'",
    ).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it.each([
    [{ isAgreedToTerms: false }, 400, "requests_error_terms", "Please accept the terms and service"],
    [
      { isAcknowledged: false },
      400,
      "requests_error_acknowledge",
      "Please confirm that sending a request does not guarantee the creator will accept it.",
    ],
  ])("%o", async (override, status, error, message) => {
    const s = await setUp();
    const response = await submitService(s.buyer.cookie, request(s, override));
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error, message });
    expect(await ordersOf(s.buyer.accountId)).toEqual([]);
  });

  it("no saved card", async () => {
    const s = await setUp();
    const cardless = await newMember("rqnc");
    const response = await submitService(cardless.cookie, request(s));
    expect(await response.json()).toMatchObject({ error: "requests_error_no_card" });
    expect(await ordersOf(cardless.accountId)).toEqual([]);
  });

  it("never to one's own service; in Japanese for a Japanese reader", async () => {
    const s = await setUp();
    const own = await newMember("rqow");
    const ownService = await seedCreator({
      handle: `rqo${crypto.randomUUID().slice(0, 8)}`,
      forms: [TEMPLATE],
      services: [{ title: "Mine", price: 5000 }],
    });
    // The seeded creator has no session; the member becomes the owner of the service instead.
    await env.DB.prepare(
      "UPDATE commission_services SET commission_account_id = (SELECT id FROM commission_accounts WHERE user_account_id = ?) WHERE id = ?",
    )
      .bind(own.accountId, ownService.services[0])
      .run();
    await env.DB.prepare("UPDATE user_profiles SET is_open_commission = 1 WHERE id = ?").bind(own.profileId).run();
    await addCard(own.accountId);
    const response = await submitService(
      `${own.cookie}; app-language=ja`,
      request(s, { serviceId: ownService.services[0], formQuestionAnswers: [] }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: "requests_error_own",
      message: "ご自身が作成したサービスです",
    });
    expect(await ordersOf(own.accountId)).toEqual([]);
  });

  it("a creator closed for commissions; an unknown service; a signed-out visitor; a choice of another question", async () => {
    const closed = await setUp({ open: false });
    expect(await (await submitService(closed.buyer.cookie, request(closed))).json()).toMatchObject({
      error: "requests_error_closed",
    });
    const s = await setUp();
    expect((await submitService(s.buyer.cookie, request(s, { serviceId: crypto.randomUUID() }))).status).toBe(404);
    expect((await submitService(undefined, request(s))).status).toBe(401);
    const body = request(s);
    body.formQuestionAnswers[1].questionChoices = [
      { formQuestionChoiceId: s.extraChoices[0], formQuestionChoiceStatus: "SELECTED" },
    ];
    expect(await (await submitService(s.buyer.cookie, body)).json()).toMatchObject({ error: "requests_error_invalid" });
    expect(await ordersOf(s.buyer.accountId)).toEqual([]);
    expect(await ordersOf(closed.buyer.accountId)).toEqual([]);
  });
});

describe("sending a request from a form page", () => {
  it("makes a FORM_SUBMITTED order priced from the form's own price (issue 63), the creator free to change it", async () => {
    const s = await setUp();
    const { serviceId: _serviceId, ...rest } = request(s);
    const response = await submitForm(s.buyer.cookie, { ...rest, formCode: s.formCode });
    expect(response.status).toBe(200);
    const [order] = await ordersOf(s.buyer.accountId);
    // The form's 8,000, the full body's 20,000 and the private fee's 10,000.
    expect(order).toMatchObject({ order_submit_status: "FORM_SUBMITTED", price_amount: 38_000, service_id: null });
    expect(
      await env.DB.prepare("SELECT notification_type AS type FROM notifications WHERE order_id = ?")
        .bind(order.id)
        .first(),
    ).toEqual({ type: "COMMISSION_FORM_SUBMITTED" });
    // The same form again while pending: refused; the service request is a different request and still allowed.
    expect((await submitForm(s.buyer.cookie, { ...rest, formCode: s.formCode })).status).toBe(409);
    expect((await submitService(s.buyer.cookie, request(s))).status).toBe(200);
  });
});

describe("answer files", () => {
  async function upload(cookie: string, profileId: string) {
    const signed = await signWriteAs(
      cookie,
      `v1/commission-request/${profileId}/answer_medias/ref.png`,
      PNG.byteLength,
    );
    expect((await putTo(signed.url, PNG, signed.headers)).status).toBe(200);
    return signed.storedUrl;
  }

  it("are copied into the order, readable by its seller and buyer and nobody else", async () => {
    const s = await setUp();
    const url = await upload(s.buyer.cookie, s.buyer.profileId);
    const response = await submitService(s.buyer.cookie, request(s, {}, [{ formatType: "FILE", url }]));
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { orderId: string } }>();
    const stored = await env.DB.prepare(
      `SELECT m.file_url, m.media_type FROM media m JOIN media_attachments a ON a.media_id = m.id AND a.owner_type = 'commission_order_question_answer'
       JOIN commission_order_question_answers qa ON qa.id = a.owner_id JOIN commission_order_form_questions q ON q.id = qa.order_form_question_id
       JOIN commission_order_forms f ON f.id = q.order_form_id WHERE f.order_id = ?`,
    )
      .bind(data.orderId)
      .first<{ file_url: string; media_type: string }>();
    expect(stored).toMatchObject({ media_type: "IMAGE" });
    expect(stored!.file_url).toMatch(new RegExp(`^/media/v1/commission-request/${data.orderId}/answer_medias/`));

    const signRead = (cookie: string) =>
      call("/api/google/storage/sign/read", { method: "POST", cookie, json: { url: stored!.file_url } });
    const sellerCookie = await sellerSession(s.seller.accountId);
    expect((await signRead(sellerCookie)).status).toBe(200);
    expect((await signRead(s.buyer.cookie)).status).toBe(200);
    const stranger = await newMember("rqst");
    expect((await signRead(stranger.cookie)).status).toBe(403);
    expect((await call(pathOf(stored!.file_url))).status).toBe(404);
  });

  it("someone else's upload is refused and nothing is written", async () => {
    const s = await setUp();
    const other = await newMember("rqot");
    const url = await upload(other.cookie, other.profileId);
    const response = await submitService(s.buyer.cookie, request(s, {}, [{ formatType: "FILE", url }]));
    expect(await response.json()).toMatchObject({ error: "requests_error_invalid" });
    expect(await ordersOf(s.buyer.accountId)).toEqual([]);
  });
});

describe("the order's Details (issue 33)", () => {
  const viewerOf = async (userAccountId: string, profileId: string): Promise<OrderViewer> => {
    const account = await env.DB.prepare("SELECT id FROM commission_accounts WHERE user_account_id = ?")
      .bind(userAccountId)
      .first<{ id: string }>();
    return {
      commissionAccountId: account?.id ?? crypto.randomUUID(),
      profileId,
      locale: "en",
      displayCurrencyCode: "JPY",
    };
  };

  it("show a file answer by the client's name for it and a link answer, to the seller and the buyer, not to a stranger; notice blocks are notes, not unanswered questions", async () => {
    const s = await setUp();
    const signed = await signWriteAs(
      s.buyer.cookie,
      `v1/commission-request/${s.buyer.profileId}/answer_medias/ref.png`,
      PNG.byteLength,
    );
    expect((await putTo(signed.url, PNG, signed.headers)).status).toBe(200);
    const link = "https://example.com/boards/knight-references";
    const response = await submitService(
      s.buyer.cookie,
      request(s, {}, [
        { formatType: "FILE", url: signed.storedUrl, name: "Knight pose (front).png" },
        { formatType: "LINK", url: link },
      ]),
    );
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { code: string } }>();

    const stranger = await newMember("rqds");
    expect(
      await getOrderDetail(db(), env, data.code, await viewerOf(stranger.accountId, stranger.profileId)),
    ).toBeNull();

    for (const viewer of [
      await viewerOf(s.seller.accountId, s.seller.profileId),
      await viewerOf(s.buyer.accountId, s.buyer.profileId),
    ]) {
      const detail = (await getOrderDetail(db(), env, data.code, viewer))!;
      expect(detail).not.toBeNull();
      const references = detail.questions.find((q) => q.title === "References")!;
      expect(references.answer).not.toBeNull();
      const [file, linked] = references.answer!.medias;
      expect(references.answer!.medias).toHaveLength(2);
      expect(file).toMatchObject({
        formatType: "FILE",
        mediaType: "IMAGE",
        name: "Knight pose (front).png",
        mimeType: "image/png",
        size: PNG.byteLength,
      });
      // A private file: a signed read URL for this party, which reads the order's copy.
      expect(file.url).toMatch(
        /^\/api\/google\/storage\/object\/v1\/commission-request\/[^/]+\/answer_medias\/[^?]+\?token=/,
      );
      const read = await call(file.url!);
      expect(read.status).toBe(200);
      expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);
      expect(linked).toMatchObject({ formatType: "LINK", url: link, name: null });

      // The notice block is not a question; it is one of the form's notes.
      expect(detail.questions.map((q) => q.title)).toEqual([
        "Commission details",
        "Plan",
        "Extras",
        "References",
        "Wanted by",
      ]);
      expect(detail.notes.map((n) => n.title)).toEqual(["Notice"]);

      const html = renderToStaticMarkup(createElement(OrderDetails, { order: detail, choicePrices: {} }));
      expect(html).toContain(">Knight pose (front).png</a>");
      expect(html).toContain(`href="${file.url!.replace(/&/g, "&amp;")}"`);
      expect(html).toContain(`>${link}</a>`);
      expect(html).toContain("Notes from the request form");
      // Every question here is answered; the notice block never reads 'No answer'.
      expect(html).not.toContain("No answer");
    }
    // The stranger cannot read the file either.
    const stored = await env.DB.prepare(
      "SELECT m.file_url FROM media m WHERE m.file_name = 'Knight pose (front).png'",
    ).first<{ file_url: string }>();
    expect(
      (
        await call("/api/google/storage/sign/read", {
          method: "POST",
          cookie: stranger.cookie,
          json: { url: stored!.file_url },
        })
      ).status,
    ).toBe(403);
  });

  it("say whether the request came with the creator's terms: the service's, copied onto the order; for a form, the creator's general terms (decision 061)", async () => {
    const s = await setUp();
    const buyer = await viewerOf(s.buyer.accountId, s.buyer.profileId);
    const { data: plain } = await (await submitService(s.buyer.cookie, request(s))).json<{ data: { code: string } }>();
    expect((await getOrderDetail(db(), env, plain.code, buyer))!.hasTerms).toBe(false);

    // The service gets terms; a new request copies them, the earlier order keeps what it was sent with.
    const policyId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO commission_policies (id, commission_account_id) VALUES (?, ?)").bind(
        policyId,
        s.seller.commissionAccountId,
      ),
      env.DB.prepare(
        "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_policy', ?, 'terms', 'en', 1, ?)",
      ).bind(crypto.randomUUID(), policyId, "After the rough sketch, 50% is refunded."),
      env.DB.prepare("UPDATE commission_services SET policy_id = ? WHERE id = ?").bind(policyId, s.serviceId),
    ]);
    await env.DB.prepare("UPDATE commission_orders SET order_progress_status = 'CANCELED' WHERE code = ?")
      .bind(plain.code)
      .run();
    const { data: withTerms } = await (await submitService(s.buyer.cookie, request(s))).json<{
      data: { code: string };
    }>();
    expect((await getOrderDetail(db(), env, withTerms.code, buyer))!.hasTerms).toBe(true);
    expect(
      (await getOrderDetail(db(), env, withTerms.code, await viewerOf(s.seller.accountId, s.seller.profileId)))!
        .hasTerms,
    ).toBe(true);
    expect((await getOrderDetail(db(), env, plain.code, buyer))!.hasTerms).toBe(false);

    // A form's request: no terms while the creator has no general terms, then theirs.
    const { serviceId: _serviceId, ...rest } = request(s);
    const { data: form } = await (await submitForm(s.buyer.cookie, { ...rest, formCode: s.formCode })).json<{
      data: { code: string };
    }>();
    expect((await getOrderDetail(db(), env, form.code, buyer))!.hasTerms).toBe(false);
    await env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_account', ?, 'default_terms', 'en', 1, ?)",
    )
      .bind(crypto.randomUUID(), s.seller.commissionAccountId, "No refunds after the sketch.")
      .run();
    expect((await getOrderDetail(db(), env, form.code, buyer))!.hasTerms).toBe(true);
  });

  it("keep the stored file's name when the client's device gave none", async () => {
    const s = await setUp();
    const signed = await signWriteAs(
      s.buyer.cookie,
      `v1/commission-request/${s.buyer.profileId}/answer_medias/ref.png`,
      PNG.byteLength,
    );
    expect((await putTo(signed.url, PNG, signed.headers)).status).toBe(200);
    const { data } = await (
      await submitService(s.buyer.cookie, request(s, {}, [{ formatType: "FILE", url: signed.storedUrl }]))
    ).json<{ data: { code: string } }>();
    const detail = (await getOrderDetail(db(), env, data.code, await viewerOf(s.buyer.accountId, s.buyer.profileId)))!;
    expect(detail.questions.find((q) => q.title === "References")!.answer!.medias[0].name).toMatch(
      /^[0-9a-f-]{36}\.png$/,
    );
  });
});

/** A session for a seeded creator (who signed up by no e-mail): a session row made the way sign-in makes one. */
async function sellerSession(userAccountId: string): Promise<string> {
  const { createSession } = await import("#worker/services/sessions");
  const { createDb } = await import("#worker/db/client");
  const { token } = await createSession(createDb(env.DB), userAccountId);
  return `comet_session=${token}`;
}
