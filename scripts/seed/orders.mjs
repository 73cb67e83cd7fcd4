/**
 * Demo orders (issue 10: "the demo seed has orders in every state, for both demo accounts"): the demo client has
 * requested from the demo creator, and the orders stand in each state of spec section 4, so `npm run dev` shows the
 * creator's Managements and the client's Sent requests filled in. Times are relative to `now` (deadlines must lie
 * ahead, or the Order Durable Object would act on them at once), the rest is deterministic.
 *
 * Paid orders carry a COMPLETED payment transaction with no PaymentIntent (the emulator starts empty on every run);
 * the breakdown reads today's fees for them. Canceling the seeded paid, undelivered order therefore cannot refund at
 * the emulator and is refused: pay a new request to try a refund.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The demo orders, newest first in each list. `ago`: days since the request was sent. The answers' Japanese is not
 * stored (the client writes English); the translator stand-in's phrase book reads it (emulators/translator).
 */
export const DEMO_ORDERS = [
  {
    key: "pending",
    progress: "DRAFT",
    payment: "DRAFT",
    chat: "DRAFT",
    price: 20_000,
    ago: 1,
    answer: {
      en: "A bust-up of my VTuber persona for the debut stream, cheerful, with her star hairclip.",
      ja: "デビュー配信用に、私のVTuberのバストアップをお願いします。明るい表情で、星のヘアクリップ付きで。",
    },
  },
  {
    key: "unsettled",
    progress: "DRAFT",
    payment: "DRAFT",
    chat: "DRAFT",
    price: null,
    form: true,
    ago: 2,
    answer: {
      en: "A set of 8 chat stamps: happy, sad, thanks, good night and four more you suggest.",
      ja: "チャットスタンプ8個セット：うれしい、かなしい、ありがとう、おやすみ、あと4つはお任せで。",
    },
  },
  {
    key: "approved",
    progress: "APPROVED",
    payment: "DRAFT",
    chat: "OPENED",
    price: 12_000,
    ago: 3,
    answer: {
      en: "A face icon for my social accounts, transparent background.",
      ja: "SNS用の顔アイコン、背景は透過でお願いします。",
    },
  },
  {
    key: "paid",
    progress: "APPROVED",
    payment: "COMPLETED",
    chat: "OPENED",
    price: 30_000,
    ago: 6,
    answer: {
      en: "A full-body illustration of my original character in a winter coat.",
      ja: "オリジナルキャラクターの全身イラスト、冬のコート姿で。",
    },
  },
  {
    key: "delivered",
    progress: "DELIVERED",
    payment: "COMPLETED",
    chat: "OPENED",
    price: 15_000,
    ago: 12,
    delivered: true,
    answer: { en: "A membership badge set in three tiers.", ja: "メンバーシップバッジを3段階分。" },
  },
  {
    key: "completed",
    progress: "COMPLETED",
    payment: "COMPLETED",
    chat: "CLOSED",
    price: 10_000,
    ago: 30,
    delivered: true,
    answer: { en: "A small mascot of my cat, chibi style.", ja: "うちの猫のちびキャラマスコット。" },
  },
  {
    key: "canceled",
    progress: "CANCELED",
    payment: "DRAFT",
    chat: "CLOSED",
    price: 8_000,
    ago: 9,
    answer: {
      en: "A logo for my stream, but plans changed.",
      ja: "配信のロゴをお願いしたかったのですが、予定が変わりました。",
    },
  },
];

/**
 * @param {object} ctx rows, id, addText, addImage, attach, the demo creator's seed output (`seller`: person, forms,
 *   services), the demo client (`buyer`: accountId, commissionAccountId), `art(key)` for deliverable images, `now`.
 */
export function addDemoOrders({ rows, id, addText, addImage, attach, seller, buyer, art, now, jpyId }) {
  DEMO_ORDERS.forEach((o, index) => {
    const orderId = id(`order:demo:${o.key}`);
    const code = `DEMO-${o.key.toUpperCase()}`;
    const submittedAt = now - o.ago * DAY;
    const approvedAt = o.progress === "DRAFT" ? null : submittedAt + 6 * HOUR;
    const paidAt = o.payment === "COMPLETED" ? /** @type {number} */ (approvedAt) + 5 * HOUR : null;
    const deliveredAt = o.delivered ? /** @type {number} */ (paidAt) + 4 * DAY : null;
    const completedAt = o.progress === "COMPLETED" ? /** @type {number} */ (deliveredAt) + 2 * DAY : null;
    const canceledAt = o.progress === "CANCELED" ? submittedAt + 2 * DAY : null;
    const form = seller.forms[index % seller.forms.length];
    const serviceId = o.form ? null : seller.services[index % seller.services.length];
    // Who did what, as the Order Durable Object logs it.
    const log = [];
    if (approvedAt) log.push(["APPROVED", "seller", seller.person.commissionAccountId, approvedAt]);
    if (paidAt) log.push(["PAID", "system", null, paidAt]);
    if (deliveredAt)
      log.push(
        ["DELIVERABLE_ADDED", "seller", seller.person.commissionAccountId, deliveredAt - HOUR],
        ["DELIVERED", "seller", seller.person.commissionAccountId, deliveredAt],
      );
    if (completedAt) log.push(["COMPLETED", "seller", seller.person.commissionAccountId, completedAt]);
    if (canceledAt) log.push(["CANCELED", "seller", seller.person.commissionAccountId, canceledAt]);
    rows.add("commission_orders", {
      id: orderId,
      code,
      seller_id: seller.person.commissionAccountId,
      buyer_id: buyer.commissionAccountId,
      order_submit_status: o.form ? "FORM_SUBMITTED" : "SERVICE_SUBMITTED",
      order_progress_status: o.progress,
      order_payment_status: o.payment,
      order_chat_status: o.chat,
      price_amount: o.price,
      price_currency_id: jpyId,
      estimated_start: approvedAt ? approvedAt + DAY : null,
      estimated_delivery: approvedAt ? approvedAt + 21 * DAY : null,
      submitted_at: submittedAt,
      approved_at: approvedAt,
      paid_at: paidAt,
      delivered_at: deliveredAt,
      completed_at: completedAt,
      canceled_at: canceledAt,
      // The deadline the order waits on lies ahead of `now` (decision 020's lengths, counted from today for the demo).
      approval_deadline: o.progress === "DRAFT" ? now + 6 * DAY : submittedAt + 7 * DAY,
      payment_deadline: approvedAt
        ? o.payment === "DRAFT" && o.progress === "APPROVED"
          ? now + 5 * DAY
          : approvedAt + 7 * DAY
        : null,
      delivery_deadline: paidAt ? (o.progress === "APPROVED" ? now + 20 * DAY : paidAt + 30 * DAY) : null,
      completion_deadline: deliveredAt ? (o.progress === "DELIVERED" ? now + 5 * DAY : deliveredAt + 7 * DAY) : null,
      service_id: serviceId,
      form_id: form.formId,
      // The Order object's version this row projects: its last event's (decision 047).
      version: log.length,
      created_at: submittedAt,
      updated_at: completedAt ?? canceledAt ?? deliveredAt ?? paidAt ?? approvedAt ?? submittedAt,
    });

    // The snapshot: what the client saw (the form's title, or the service's) and what they answered.
    if (serviceId) {
      const orderServiceId = id(`order-service:${orderId}`);
      rows.add("commission_order_services", {
        id: orderServiceId,
        order_id: orderId,
        service_id: serviceId,
        policy_id: null,
        price_amount: form.priceAmount || null,
        price_currency_id: jpyId,
        created_at: submittedAt,
        updated_at: submittedAt,
      });
      addText(rows, "commission_order_service", orderServiceId, "title", form.title, "en");
    }
    const orderFormId = id(`order-form:${orderId}`);
    rows.add("commission_order_forms", {
      id: orderFormId,
      order_id: orderId,
      form_id: form.formId,
      category_code: form.category,
      price_amount: form.priceAmount || null,
      price_currency_id: jpyId,
      created_at: submittedAt,
      updated_at: submittedAt,
    });
    addText(rows, "commission_order_form", orderFormId, "title", form.title, "en");
    const questionId = id(`order-question:${orderId}`);
    rows.add("commission_order_form_questions", {
      id: questionId,
      order_form_id: orderFormId,
      form_question_id: null,
      question_type: "LONG_TEXT",
      is_required: true,
      user_index: 0,
    });
    addText(
      rows,
      "commission_order_form_question",
      questionId,
      "title",
      { en: "Commission details", ja: "依頼内容" },
      "en",
    );
    const answerId = id(`order-answer:${orderId}`);
    rows.add("commission_order_question_answers", {
      id: answerId,
      order_form_question_id: questionId,
      answer_date: null,
      created_at: submittedAt,
      updated_at: submittedAt,
    });
    addText(rows, "commission_order_question_answer", answerId, "text", { en: o.answer.en }, "en");

    log.forEach(([event, actor, actorId, at], v) =>
      rows.add("commission_order_events", {
        id: `${orderId}:${v + 1}`,
        order_id: orderId,
        version: v + 1,
        event_type: event,
        actor,
        actor_account_id: actorId,
        before: "{}",
        after: "{}",
        created_at: at,
      }),
    );

    addDemoChat({ rows, id, addText, orderId, o, seller, buyer, approvedAt, submittedAt });
    if (completedAt) addDemoReviews({ rows, id, orderId, seller, buyer, completedAt });

    if (paidAt) {
      rows.add("payment_transactions", {
        id: id(`transaction:${orderId}`),
        order_id: orderId,
        buyer_id: buyer.commissionAccountId,
        transaction_status: "COMPLETED",
        transaction_type: "COMMISSION_STANDARD",
        stripe_payment_intent_id: null,
        idempotency_key: `comet-order-${orderId}-payment`,
        amount: o.price,
        currency_id: jpyId,
        payment_account_method_id: null,
        paid_at: paidAt,
        created_at: paidAt,
        updated_at: paidAt,
      });
    }
    if (deliveredAt) {
      const deliverableId = id(`deliverable:${orderId}`);
      rows.add("commission_order_deliverables", {
        id: deliverableId,
        order_id: orderId,
        created_at: deliveredAt,
        updated_at: deliveredAt,
      });
      const mediaId = addImage(
        seller.person.accountId,
        null,
        `deliverable-${orderId}`,
        art(orderId),
        deliveredAt,
        `${o.key}-final.svg`,
        `v1/commission-order/${orderId}/deliverables`,
      );
      attach(mediaId, "commission_order_deliverable", deliverableId, "medias", 0);
    }

    // The notices both sides would have had, each from the party who acted (issue 33); the newest are unread.
    const notices = [
      [
        seller.person.accountId,
        o.form ? "COMMISSION_FORM_SUBMITTED" : "COMMISSION_SERVICE_SUBMITTED",
        "seller",
        submittedAt,
        buyer.profileId,
      ],
    ];
    if (approvedAt)
      notices.push([buyer.accountId, "COMMISSION_ORDER_APPROVED", "buyer", approvedAt, seller.person.profileId]);
    if (deliveredAt)
      notices.push([buyer.accountId, "COMMISSION_ORDER_DELIVERED", "buyer", deliveredAt, seller.person.profileId]);
    if (canceledAt)
      notices.push([buyer.accountId, "COMMISSION_ORDER_CANCELED", "buyer", canceledAt, seller.person.profileId]);
    notices.forEach(([recipient, type, side, at, from]) =>
      rows.add("notifications", {
        id: id(`notice:${orderId}:${type}`),
        recipient_user_account_id: recipient,
        notification_type: type,
        from_profile_id: from,
        href: `${side === "seller" ? "/dashboard/commission/managements" : "/dashboard/commission/client/requests"}?order=${code}`,
        order_id: orderId,
        chat_room_id: null,
        dedupe_key: `seed:${orderId}:${type}`,
        read_at: now - at > 7 * DAY ? at + HOUR : null,
        // Demo history, not news: nothing to e-mail.
        emailed_at: at,
        created_at: at,
      }),
    );
  });
}

/**
 * A few lines each order's chat has had (decision 027): the creator greets, the client answers once it is approved.
 * Stored in English; the Japanese is the translator stand-in's (emulators/translator).
 */
/** @type {["seller" | "buyer", { en: string; ja: string }][]} */
export const DEMO_CHAT = [
  [
    "seller",
    {
      en: "Thank you for your request! I will read it through and get back to you.",
      ja: "ご依頼ありがとうございます！内容を確認してご連絡します。",
    },
  ],
  [
    "buyer",
    {
      en: "Thank you! Let me know if anything is unclear.",
      ja: "ありがとうございます！不明な点があれば教えてください。",
    },
  ],
  ["seller", { en: "All clear. I will share a rough sketch first.", ja: "承知しました。まずラフをお送りしますね。" }],
];

/**
 * The order's chat room (its id is the order's, as migration 0011 gives rooms of orders that were there before it)
 * and its messages, numbered as the ChatRoom object numbers them; both sides have read them all.
 */
function addDemoChat({ rows, id, addText, orderId, o, seller, buyer, approvedAt, submittedAt }) {
  const lines = approvedAt ? DEMO_CHAT : DEMO_CHAT.slice(0, 1);
  const lastOf = (side) => lines.reduce((last, [s], index) => (s === side ? index + 1 : last), 0);
  rows.add("chat_rooms", {
    id: orderId,
    order_id: orderId,
    room_status: o.chat,
    restriction_type: "UNLIMITED_REPLY",
    message_character_limit: 1000,
    message_media_limit: 10,
    last_seq: lines.length,
    last_seller_seq: lastOf("seller"),
    last_buyer_seq: lastOf("buyer"),
    seller_read_seq: lines.length,
    buyer_read_seq: lines.length,
    created_at: submittedAt,
    updated_at: submittedAt,
  });
  lines.forEach(([side, text], index) => {
    const messageId = id(`chat-message:${orderId}:${index + 1}`);
    const at = (approvedAt ?? submittedAt) + (index + 1) * 20 * 60_000;
    rows.add("chat_messages", {
      id: messageId,
      room_id: orderId,
      sender_user_account_id: side === "seller" ? seller.person.accountId : buyer.accountId,
      client_message_id: null,
      seq: index + 1,
      created_at: at,
    });
    addText(rows, "chat_message", messageId, "text", { en: text.en }, "en");
  });
}

/**
 * A completed demo order's two reviews (decision 086): the client's of the creator, written in English, and the
 * creator's of the client, in Japanese; each reader gets the other's through the stand-in's phrase book.
 */
export const DEMO_REVIEWS = {
  buyer: {
    rating: 5,
    en: "Wonderful work, and every sketch came on time. Thank you!",
    ja: "素晴らしい仕上がりで、ラフも毎回期日どおりでした。ありがとうございました！",
  },
  seller: {
    rating: 5,
    en: "Thank you for your request. Your brief was very clear, and it was a joy to draw.",
    ja: "ご依頼ありがとうございました。とても丁寧なご説明で、楽しく描けました。",
  },
};

/** Both in, so both show from the second's time, and both have been made known (pages, notices). */
function addDemoReviews({ rows, id, orderId, seller, buyer, completedAt }) {
  const shownAt = completedAt + 2 * DAY;
  const written = [
    ["buyer", buyer.commissionAccountId, seller.person.commissionAccountId, DEMO_REVIEWS.buyer.en, completedAt + DAY],
    ["seller", seller.person.commissionAccountId, buyer.commissionAccountId, DEMO_REVIEWS.seller.ja, shownAt],
  ];
  for (const [side, author, subject, body, at] of written)
    rows.add("order_reviews", {
      id: id(`review:${orderId}:${side}`),
      order_id: orderId,
      author_side: side,
      author_id: author,
      subject_id: subject,
      rating: DEMO_REVIEWS[side].rating,
      body,
      reply: null,
      replied_at: null,
      visible_at: shownAt,
      announced_at: shownAt,
      hidden_at: null,
      created_at: at,
      updated_at: at,
    });
}
