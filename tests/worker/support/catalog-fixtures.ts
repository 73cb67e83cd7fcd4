import { env } from "cloudflare:workers";

/** Direct inserts for catalog tests: the test DB has the migrations (reference data) but no demo users. */
let serial = 0;
const uid = () => crypto.randomUUID();

export async function currencyId(code: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM currencies WHERE code = ?").bind(code).first<{ id: string }>();
  if (!row) throw new Error(`no currency ${code}`);
  return row.id;
}

function text(entityType: string, entityId: string, field: string, lang: string, value: string, original: boolean) {
  return env.DB.prepare(
    "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).bind(uid(), entityType, entityId, field, lang, original ? 1 : 0, value);
}

/** A published form in yen of the commission account, titled in English; its code. */
export async function addPublishedForm(commissionAccountId: string, title: string): Promise<string> {
  const id = uid();
  const code = `pf${id.slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO commission_forms (id, code, commission_account_id, form_status, price_amount, price_currency_id, category_code, user_index) VALUES (?, ?, ?, 'PUBLISHED', 5000, ?, 'character-illustration', 0)",
    ).bind(id, code, commissionAccountId, await currencyId("JPY")),
    text("commission_form", id, "title", "en", title, true),
  ]);
  return code;
}

export interface FormSeed {
  title: { en: string; ja?: string };
  price: number | null;
  currency?: "JPY" | "USD";
  category?: string;
  status?: "DRAFT" | "PUBLISHED";
  questions?: { type: string; required: boolean; title: string; choices?: { title: string; price: number | null }[] }[];
}

export interface CreatorSeed {
  handle: string;
  name?: { en?: string; ja?: string; original?: "en" | "ja" };
  bio?: { en?: string; ja?: string };
  createdAt?: number;
  open?: boolean;
  creator?: boolean;
  works?: number;
  forms?: FormSeed[];
  services?: { title: string; price: number | null; formIndex?: number; category?: string }[];
}

export interface SeededCreator {
  accountId: string;
  profileId: string;
  commissionAccountId: string;
  handle: string;
  forms: { id: string; code: string }[];
  services: string[];
  works: string[];
}

export async function seedCreator(seed: CreatorSeed): Promise<SeededCreator> {
  const accountId = uid();
  const profileId = uid();
  const commissionAccountId = uid();
  const createdAt = seed.createdAt ?? Date.now();
  const original = seed.name?.original ?? "en";
  const jpy = await currencyId("JPY");
  const usd = await currencyId("USD");
  const statements: D1PreparedStatement[] = [
    env.DB.prepare("INSERT INTO user_accounts (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)").bind(
      accountId,
      `${seed.handle.toLowerCase()}-${serial++}@example.com`,
      createdAt,
      createdAt,
    ),
    env.DB.prepare(
      "INSERT INTO user_profiles (id, account_id, original_handle, is_open_commission, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).bind(profileId, accountId, seed.handle, seed.open === false ? 0 : 1, createdAt, createdAt),
    env.DB.prepare("INSERT INTO commission_accounts (id, user_account_id) VALUES (?, ?)").bind(
      commissionAccountId,
      accountId,
    ),
    env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'user')").bind(accountId),
  ];
  if (seed.creator !== false)
    statements.push(
      env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')").bind(
        accountId,
      ),
    );
  for (const lang of ["en", "ja"] as const) {
    const name = seed.name?.[lang];
    if (name) statements.push(text("user_profile", profileId, "name", lang, name, lang === original));
    const bio = seed.bio?.[lang];
    if (bio) statements.push(text("user_profile", profileId, "bio", lang, bio, lang === original));
  }
  const works: string[] = [];
  for (let w = 0; w < (seed.works ?? 0); w++) {
    const workId = uid();
    const mediaId = uid();
    works.push(workId);
    statements.push(
      env.DB.prepare(
        "INSERT INTO portfolio_works (id, profile_id, work_status, user_index) VALUES (?, ?, 'PUBLISHED', ?)",
      ).bind(workId, profileId, w),
      env.DB.prepare(
        "INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_url) VALUES (?, ?, 'FILE', 'IMAGE', ?)",
      ).bind(mediaId, accountId, `/media/v1/portfolio-work/${workId}/medias/${mediaId}.png`),
      env.DB.prepare(
        "INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position) VALUES (?, ?, 'portfolio_work', ?, 'medias', 0)",
      ).bind(uid(), mediaId, workId),
      text("portfolio_work", workId, "title", "en", `Work ${w}`, true),
    );
  }
  const forms: { id: string; code: string }[] = [];
  for (const [k, form] of (seed.forms ?? []).entries()) {
    const formId = uid();
    const code = `${seed.handle.slice(0, 6)}${k}${Math.random().toString(36).slice(2, 8)}`;
    forms.push({ id: formId, code });
    const currency = form.currency === "USD" ? usd : jpy;
    statements.push(
      env.DB.prepare(
        "INSERT INTO commission_forms (id, code, commission_account_id, form_status, price_amount, price_currency_id, category_code, user_index) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(
        formId,
        code,
        commissionAccountId,
        form.status ?? "PUBLISHED",
        form.price,
        currency,
        form.category ?? "character-illustration",
        k,
      ),
      text("commission_form", formId, "title", "en", form.title.en, true),
      text("commission_form", formId, "description", "en", `About ${form.title.en}`, true),
    );
    if (form.title.ja) statements.push(text("commission_form", formId, "title", "ja", form.title.ja, false));
    for (const [qi, q] of (form.questions ?? []).entries()) {
      const questionId = uid();
      statements.push(
        env.DB.prepare(
          "INSERT INTO commission_form_questions (id, form_id, question_type, is_required, user_index) VALUES (?, ?, ?, ?, ?)",
        ).bind(questionId, formId, q.type, q.required ? 1 : 0, qi),
        text("commission_form_question", questionId, "title", "en", q.title, true),
      );
      for (const [ci, c] of (q.choices ?? []).entries()) {
        const choiceId = uid();
        statements.push(
          env.DB.prepare(
            "INSERT INTO commission_form_question_choices (id, question_id, price_amount, price_currency_id, user_index) VALUES (?, ?, ?, ?, ?)",
          ).bind(choiceId, questionId, c.price, c.price === null ? null : currency, ci),
          text("commission_form_question_choice", choiceId, "title", "en", c.title, true),
        );
      }
    }
  }
  const services: string[] = [];
  for (const [s, service] of (seed.services ?? []).entries()) {
    const serviceId = uid();
    services.push(serviceId);
    statements.push(
      env.DB.prepare(
        "INSERT INTO commission_services (id, commission_account_id, form_id, price_amount, price_currency_id, service_status, user_index) VALUES (?, ?, ?, ?, ?, 'PUBLISHED', ?)",
      ).bind(
        serviceId,
        commissionAccountId,
        service.formIndex === undefined ? null : forms[service.formIndex].id,
        service.price,
        jpy,
        s,
      ),
      text("commission_service", serviceId, "title", "en", service.title, true),
    );
    if (service.category) {
      statements.push(
        env.DB.prepare("INSERT INTO commission_service_categories (service_id, category_code) VALUES (?, ?)").bind(
          serviceId,
          service.category,
        ),
      );
    }
  }
  await env.DB.batch(statements);
  return { accountId, profileId, commissionAccountId, handle: seed.handle, forms, services, works };
}

export const uniqueTag = () => `q${Math.random().toString(36).slice(2, 8)}`;

/**
 * A signed-up account (no works) whose adult-content choice (decision 110) is as given: its birthday (null for none)
 * and, when `confirmed`, "Show adult content" ticked. Returns its user account id.
 */
export async function accountWithAdultChoice(handle: string, birthday: string | null, confirmed: boolean) {
  const seeded = await seedCreator({ handle, creator: false });
  await env.DB.prepare("UPDATE user_accounts SET birthday = ?, adult_content_confirmed_at = ? WHERE id = ?")
    .bind(birthday, confirmed ? Date.now() : null, seeded.accountId)
    .run();
  return seeded.accountId;
}
