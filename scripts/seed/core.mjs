/**
 * The demo seed as data: generateSeed({ creators }) returns SQL statements (multi-row INSERT OR IGNORE, parents first)
 * and the SVG files to put into R2. Pure and deterministic: no I/O, no clock, no Math.random, so the same options
 * always give byte-identical output and re-running the SQL changes nothing.
 */
import { rng, seedCode, seedUuid } from "./ids.mjs";
import { RowSet } from "./sql.mjs";
import { avatarSvg, artworkSvg, coverSvg } from "./svg.mjs";
import {
  COMMISSION_CATEGORIES,
  CONTENT_KINDS,
  CONTENT_RATINGS,
  CURRENCIES,
  DEFAULT_FORM_TEMPLATE,
  EXCHANGE_RATES,
  FEES,
  LANGUAGES,
  ROLES,
  USE_CASES,
} from "./data/reference.mjs";
import { addDemoOrders } from "./orders.mjs";
import { DEMO_ADMIN, DEMO_BANNED, DEMO_CLIENTS, DEMO_CREATORS, NAME_PARTS } from "./data/creators.mjs";
import {
  CATEGORY_CONTENT,
  FORM_DESCRIPTION,
  POLICY_TERMS,
  SERVICE_DESCRIPTION,
  WORK_DESCRIPTION,
} from "./data/content.mjs";

const DEFAULT_SEED = "comet-demo-v1";
const DEMO_EMAIL_DOMAIN = "demo.comet.local";
const BASE_TIME = Date.UTC(2025, 0, 6, 9, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The languages the demo content is written in; a text missing in one is skipped. */
const LANGS = ["en", "ja"];
/** The languages reference names are written in: every language Comet speaks (worker/domain/locales.ts). */
const REFERENCE_LANGS = ["en", "ja", "zh-Hans", "zh-Hant", "ko"];

/** Ids of reference rows do not depend on the seed name: they are the same in every database. */
const refId = (name) => seedUuid(`ref:${name}`);
const currencyId = (code) => refId(`currency:${code}`);

function addText(rows, entityType, entityId, field, texts, originalLanguage, langs = LANGS) {
  for (const lang of langs) {
    const text = texts[lang];
    if (!text) continue;
    rows.add("localized_texts", {
      id: seedUuid(`text:${entityType}:${entityId}:${field}:${lang}`),
      entity_type: entityType,
      entity_id: entityId,
      field,
      language_code: lang,
      is_original: lang === originalLanguage,
      text,
    });
  }
}

/** A reference row's text in every language Comet speaks (migrations 0001, 0014 and 0038). */
const addRefText = (rows, entityType, entityId, field, texts, originalLanguage) =>
  addText(rows, entityType, entityId, field, texts, originalLanguage, REFERENCE_LANGS);

/** Roles, currencies, rates, languages, catalogues, fees and the default form template. */
function addReferenceRows(rows) {
  for (const code of ROLES) rows.add("roles", { code });
  for (const c of CURRENCIES) {
    const id = currencyId(c.code);
    rows.add("currencies", {
      id,
      code: c.code,
      name: c.name,
      name_plural: c.namePlural,
      symbol: c.symbol,
      symbol_native: c.symbolNative,
      decimal_digits: c.decimalDigits,
      rounding: 0,
      base_exchange: c.baseExchange,
      is_active: c.isActive,
      is_default: c.isDefault,
    });
    addRefText(rows, "currency", id, "name", { ...c, en: c.name }, "en");
  }
  for (const x of EXCHANGE_RATES) {
    rows.add("exchange_rates", {
      id: refId(`exchange-rate:${x.from}:${x.to}:${x.ratedOn}`),
      from_currency_code: x.from,
      to_currency_code: x.to,
      rate: x.rate,
      rated_on: x.ratedOn,
    });
  }
  for (const l of LANGUAGES) {
    const id = refId(`language:${l.code}`);
    rows.add("languages", {
      id,
      code: l.code,
      name: l.name,
      native_name: l.nativeName,
      native_code: l.nativeCode,
      country: l.country,
    });
    addRefText(rows, "language", id, "name", { ...l, en: l.name }, "en");
  }
  const catalogue = (table, entityType, list) =>
    list.forEach((item, i) => {
      const id = refId(`${entityType}:${item.code}`);
      rows.add(table, { id, code: item.code, user_index: i });
      addRefText(rows, entityType, id, "name", item, "en");
    });
  catalogue("content_kinds", "content_kind", CONTENT_KINDS);
  catalogue("use_cases", "use_case", USE_CASES);
  catalogue("content_ratings", "content_rating", CONTENT_RATINGS);
  COMMISSION_CATEGORIES.forEach((c, i) => {
    const id = refId(`commission_category:${c.code}`);
    rows.add("commission_categories", { id, code: c.code, group: c.group, is_active: c.active, user_index: i });
    addRefText(rows, "commission_category", id, "name", c, "en");
    for (const kind of c.kinds)
      rows.add("commission_category_content_kinds", { category_code: c.code, content_kind_code: kind });
    for (const use of c.uses) rows.add("commission_category_use_cases", { category_code: c.code, use_case_code: use });
  });
  for (const f of FEES) {
    const id = refId(`fee:${f.code}`);
    rows.add("fees", {
      id,
      code: f.code,
      numerator_value: f.numeratorValue,
      is_active: true,
      created_at: BASE_TIME,
      updated_at: BASE_TIME,
    });
    addRefText(rows, "fee", id, "name", f, "en");
  }
  const t = DEFAULT_FORM_TEMPLATE;
  const templateId = refId(`form-template:${t.code}`);
  rows.add("commission_form_templates", {
    id: templateId,
    code: t.code,
    is_default: true,
    user_index: 0,
    created_at: BASE_TIME,
    updated_at: BASE_TIME,
  });
  addRefText(rows, "commission_form_template", templateId, "name", t, "en");
  t.questions.forEach((q, qi) => {
    const qid = refId(`form-template:${t.code}:${q.key}`);
    rows.add("commission_form_template_questions", {
      id: qid,
      template_id: templateId,
      question_type: q.type,
      is_required: q.required,
      user_index: qi,
    });
    addRefText(rows, "commission_form_template_question", qid, "title", q.title, "en");
    addRefText(rows, "commission_form_template_question", qid, "description", q.description, "en");
    (q.choices ?? []).forEach((c, ci) => {
      const cid = refId(`form-template:${t.code}:${q.key}:${c.key}`);
      rows.add("commission_form_template_question_choices", {
        id: cid,
        template_question_id: qid,
        price_amount: c.price,
        price_currency_id: c.price === null ? null : currencyId("JPY"),
        user_index: ci,
      });
      addRefText(rows, "commission_form_template_question_choice", cid, "title", c, "en");
    });
  });
}

/** The SQL of the reference data alone (migrations/0001_reference_data.sql). */
export function referenceStatements() {
  const rows = new RowSet();
  addReferenceRows(rows);
  return rows.toStatements();
}

const categoryByCode = new Map(COMMISSION_CATEGORIES.map((c) => [c.code, c]));
const ACTIVE_CATEGORY_CODES = COMMISSION_CATEGORIES.filter((c) => c.active).map((c) => c.code);

/** JPY price to the creator's currency, in minor units (USD rounded to 5 dollars). */
function priceIn(currency, jpy) {
  if (jpy === null || jpy === undefined) return null;
  if (currency === "JPY") return jpy;
  return Math.round(jpy / 151 / 5) * 5 * 100;
}

function initials(name) {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "C") + (parts[1]?.[0] ?? "")).toUpperCase();
}

function checkLength(what, text, min, max) {
  const n = [...text].length;
  if (n < min || n > max) throw new Error(`seed: ${what} must be ${min}-${max} characters, got ${n}: ${text}`);
}

/** Creator number i (0-based): the hand-written ones first, then generated ones. */
function creatorAt(i, seed) {
  if (i < DEMO_CREATORS.length) return DEMO_CREATORS[i];
  const r = rng(`${seed}:creator:${i}`);
  const japanese = r.chance(0.6);
  const [givenEn, givenJa] = r.pick(japanese ? NAME_PARTS.jaGiven : NAME_PARTS.intlGiven);
  const [familyEn, familyJa] = r.pick(japanese ? NAME_PARTS.jaFamily : NAME_PARTS.intlFamily);
  let en = `${givenEn} ${familyEn}`;
  if (en.length > 16) en = `${givenEn} ${familyEn[0]}.`;
  const ja = japanese ? `${familyJa} ${givenJa}` : `${givenJa}・${familyJa}`;
  const handle = `${(givenEn + familyEn).toLowerCase().slice(0, 10)}${i}`;
  const categories = r.sample(ACTIVE_CATEGORY_CODES, r.int(1, 3));
  const main = /** @type {(typeof COMMISSION_CATEGORIES)[number]} */ (categoryByCode.get(categories[0]));
  const years = r.int(2, 12);
  return {
    handle,
    en,
    ja,
    lang: japanese ? "ja" : r.chance(0.2) ? "ja" : "en",
    currency: japanese || r.chance(0.5) ? "JPY" : "USD",
    open: r.chance(0.75),
    categories,
    bio: {
      en: `${main.en} creator with ${years} years of experience. ${r.pick(["Requests welcome!", "Happy to chat about your idea.", "Slots open monthly.", "English and Japanese OK."])}`,
      ja: `${main.ja}を制作して${years}年。${r.pick(["ご依頼お待ちしています！", "まずはお気軽にご相談ください。", "毎月枠を開けています。", "英語・日本語対応可。"])}`,
    },
  };
}

/**
 * @param {{ creators?: number, seed?: string, media?: boolean, reference?: boolean, extras?: boolean, now?: number }} [options]
 *   creators: how many creators (default: the 25 hand-written ones; more are generated);
 *   media: render SVG bodies (false keeps the URLs but returns no files, for large benchmarks);
 *   reference: include the reference data (default true; it is also migration 0001);
 *   extras: clients, admin, banned user, bookmarks, visits and the demo orders (default true);
 *   now: what the demo orders' times and deadlines count from (default the current time).
 * @returns {{ statements: string[], files: { key: string, contentType: string, body: string }[], counts: Record<string, number>, logins: { email: string, handle: string, roles: string[] }[], forms: { handle: string, code: string, category: string, priceAmount: number, currency: string }[] }}
 */
export function generateSeed(options = {}) {
  const {
    creators: creatorCount = DEMO_CREATORS.length,
    seed = DEFAULT_SEED,
    media: withMedia = true,
    reference = true,
    extras = true,
    now = Date.now(),
  } = options;
  const id = (name) => seedUuid(`${seed}:${name}`);
  const rows = new RowSet();
  const files = [];
  const logins = [];
  const formCodes = new Set();
  if (reference) addReferenceRows(rows);

  const putFile = (key, svg) => {
    if (withMedia) files.push({ key, contentType: "image/svg+xml", body: svg });
    return `/media/${key}`;
  };

  /** Account + profile + commission account + roles, as worker/services/accounts.ts createAccount makes them. */
  /**
   * @param {any} p
   * @param {string[]} roleCodes
   * @param {number} at
   * @param {{ email?: string; cover?: boolean; slots?: number | null }} [options]
   */
  function addPerson(p, roleCodes, at, { email, cover = true, slots = null } = {}) {
    checkLength(`handle ${p.handle}`, p.handle, 4, 16);
    if (!/^[A-Za-z0-9]+$/.test(p.handle)) throw new Error(`seed: handle ${p.handle} is not alphanumeric`);
    checkLength("name", p.en, 2, 16);
    checkLength("name", p.ja, 2, 16);
    checkLength("bio", p.bio.en, 0, 160);
    checkLength("bio", p.bio.ja, 0, 160);
    const accountId = id(`user:${p.handle}`);
    const profileId = id(`profile:${p.handle}`);
    const commissionAccountId = id(`commission-account:${p.handle}`);
    const mail = email ?? `${p.handle}@${DEMO_EMAIL_DOMAIN}`;
    rows.add("user_accounts", {
      id: accountId,
      email: mail,
      display_language_code: p.lang,
      display_currency_id: currencyId(p.currency ?? "JPY"),
      input_language_code: p.lang,
      birthday: null,
      created_at: at,
      updated_at: at,
    });
    for (const role of roleCodes) rows.add("user_account_roles", { user_account_id: accountId, role_code: role });
    const avatar = avatarSvg(`${seed}:${p.handle}`, initials(p.en));
    const avatarUrl = putFile(`v1/user-profile/${profileId}/avatar/${id(`avatar:${p.handle}`)}.svg`, avatar.svg);
    const coverUrl = cover
      ? putFile(
          `v1/user-profile/${profileId}/cover/${id(`cover:${p.handle}`)}.svg`,
          coverSvg(`${seed}:${p.handle}`).svg,
        )
      : null;
    rows.add("user_profiles", {
      id: profileId,
      account_id: accountId,
      original_handle: p.handle,
      avatar_url: avatarUrl,
      cover_url: coverUrl,
      is_open_commission: Boolean(p.open),
      created_at: at,
      updated_at: at,
    });
    rows.add("commission_accounts", {
      id: commissionAccountId,
      user_account_id: accountId,
      slot_count: slots,
      created_at: at,
      updated_at: at,
    });
    addText(rows, "user_profile", profileId, "name", { en: p.en, ja: p.ja }, p.lang);
    addText(rows, "user_profile", profileId, "bio", p.bio, p.lang);
    logins.push({ email: mail, handle: p.handle, roles: roleCodes });
    return { accountId, profileId, commissionAccountId };
  }

  // The file lives in its work's own folder (v1/portfolio-work/{workId}/medias/): /media/ serves it only while that
  // work is public, and the work's owner may replace or delete it.
  /** An image file and its media row; `folder` is where the object lives (default: the work's media folder). */
  function addImage(ownerAccountId, workId, key, art, at, name, folder = `v1/portfolio-work/${workId}/medias`) {
    const mediaId = id(`media:${key}`);
    const fileId = id(`media-file:${key}`);
    const url = putFile(`${folder}/${fileId}.svg`, art.svg);
    rows.add("media", {
      id: mediaId,
      owner_user_account_id: ownerAccountId,
      format_type: "FILE",
      media_type: "IMAGE",
      file_name: name,
      file_type: "image/svg+xml",
      file_size: new TextEncoder().encode(art.svg).length,
      file_width: art.width,
      file_height: art.height,
      file_extension: "svg",
      file_url: url,
      file_convert_url: null,
      file_last_modified: at,
      thumbnail_url: url,
      user_index: 0,
      is_active: true,
      created_at: at,
      updated_at: at,
    });
    return mediaId;
  }

  const attach = (mediaId, ownerType, ownerId, field, position) =>
    rows.add("media_attachments", {
      id: id(`attachment:${ownerType}:${ownerId}:${field}:${mediaId}`),
      media_id: mediaId,
      owner_type: ownerType,
      owner_id: ownerId,
      field,
      position,
      created_at: BASE_TIME,
    });

  function addForm(creator, person, k, category, at, r, offset, usedTitles) {
    const content = CATEGORY_CONTENT[category];
    const cat = /** @type {(typeof COMMISSION_CATEGORIES)[number]} */ (categoryByCode.get(category));
    const formId = id(`form:${creator.handle}:${k}`);
    let code = seedCode(`${seed}:form:${creator.handle}:${k}`);
    while (formCodes.has(code)) code = seedCode(`${code}:again`);
    formCodes.add(code);
    // Mostly priced; about one form in eight is "price after hearing the request" (0).
    const jpy = creator.prices?.[k] ?? (r.chance(0.12) ? 0 : r.pick(content.prices.filter((p) => p > 0)));
    const currency = creator.currency ?? "JPY";
    const days = r.pick([7, 14, 21, 30, 45, 60]);
    rows.add("commission_forms", {
      id: formId,
      code,
      commission_account_id: person.commissionAccountId,
      form_status: "PUBLISHED",
      price_amount: priceIn(currency, jpy),
      price_currency_id: currencyId(currency),
      category_code: category,
      user_index: k,
      created_at: at,
      updated_at: at,
    });
    let title = content.forms[(k + offset) % content.forms.length];
    if (usedTitles.has(title.en)) title = { en: `${title.en} (express)`, ja: `${title.ja}（特急）` };
    usedTitles.add(title.en);
    addText(rows, "commission_form", formId, "title", title, creator.lang);
    addText(
      rows,
      "commission_form",
      formId,
      "description",
      { en: FORM_DESCRIPTION.en(cat.en, days), ja: FORM_DESCRIPTION.ja(cat.ja, days) },
      creator.lang,
    );
    DEFAULT_FORM_TEMPLATE.questions.forEach((q, qi) => {
      const qid = id(`form-question:${formId}:${q.key}`);
      rows.add("commission_form_questions", {
        id: qid,
        form_id: formId,
        question_type: q.type,
        is_required: q.required,
        question_status: "ACTIVE",
        user_index: qi,
        created_at: at,
        updated_at: at,
      });
      addText(rows, "commission_form_question", qid, "title", q.title, creator.lang);
      addText(rows, "commission_form_question", qid, "description", q.description, creator.lang);
      (q.choices ?? []).forEach((c, ci) => {
        const cid = id(`form-choice:${qid}:${c.key}`);
        rows.add("commission_form_question_choices", {
          id: cid,
          question_id: qid,
          price_amount: priceIn(currency, c.price),
          price_currency_id: c.price === null ? null : currencyId(currency),
          user_index: ci,
          created_at: at,
          updated_at: at,
        });
        addText(rows, "commission_form_question_choice", cid, "title", c, creator.lang);
      });
    });
    return { formId, code, title, priceAmount: priceIn(currency, jpy), currency, category, days };
  }

  const creatorsOut = [];
  for (let i = 0; i < creatorCount; i++) {
    const creator = creatorAt(i, seed);
    const r = rng(`${seed}:content:${creator.handle}`);
    const joined = BASE_TIME + i * 7 * HOUR;
    const email = creator.handle === "democreator" ? `creator@${DEMO_EMAIL_DOMAIN}` : undefined;
    // Every fifth creator from the third on takes 3 orders at once (decision 091), so the demo shows slots; the demo
    // creator, whom the browser tests request from, has no limit.
    const slots = i % 5 === 2 ? 3 : null;
    const person = addPerson(creator, ["user", "creator"], joined, { email, slots });

    // Portfolio works: distinct titles across the creator's categories.
    const titles = creator.categories.flatMap((code) => CATEGORY_CONTENT[code].works.map((w, wi) => ({ code, w, wi })));
    titles.sort((a, b) => a.wi - b.wi);
    const workCount = Math.min(r.int(2, 5), titles.length);
    const workMedia = [];
    for (let j = 0; j < workCount; j++) {
      const { code, w } = titles[j];
      const content = CATEGORY_CONTENT[code];
      const workId = id(`work:${creator.handle}:${j}`);
      const at = joined + (j + 1) * DAY;
      rows.add("portfolio_works", {
        id: workId,
        profile_id: person.profileId,
        work_status: "PUBLISHED",
        commission_order_id: null,
        user_index: j,
        created_at: at,
        updated_at: at,
      });
      const tags = r.sample(content.tags, r.int(2, 3));
      const tool = r.pick(content.tools);
      addText(rows, "portfolio_work", workId, "title", w, creator.lang);
      addText(
        rows,
        "portfolio_work",
        workId,
        "description",
        { en: WORK_DESCRIPTION.en(w.en, tool, tags), ja: WORK_DESCRIPTION.ja(w.ja, tool, tags) },
        creator.lang,
      );
      rows.add("portfolio_work_categories", { work_id: workId, category_code: code });
      for (const tag of tags) rows.add("portfolio_work_tags", { work_id: workId, tag });
      rows.add("portfolio_work_content_ratings", {
        work_id: workId,
        content_rating_code: r.chance(0.1) ? "r15" : "all-ages",
      });
      const images = r.chance(0.25) ? 2 : 1;
      for (let m = 0; m < images; m++) {
        const art = artworkSvg(`${seed}:${workId}:${m}`, content.motif, creator.en[0]);
        const mediaId = addImage(
          person.accountId,
          workId,
          `${workId}-${m}`,
          art,
          at,
          `${w.en.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${m + 1}.svg`,
        );
        rows.add("media_content_ratings", { media_id: mediaId, content_rating_code: "all-ages" });
        attach(mediaId, "portfolio_work", workId, "medias", m);
        if (m === 0) attach(mediaId, "portfolio_work", workId, "og_images", 0);
        workMedia.push(mediaId);
      }
    }

    // Forms, a policy and services linking forms.
    const formCount = creator.handle === "democreator" ? 3 : r.int(1, 3);
    const forms = [];
    const titleOffset = r.int(0, 5);
    const usedTitles = new Set();
    for (let k = 0; k < formCount; k++) {
      forms.push(
        addForm(
          creator,
          person,
          k,
          creator.categories[k % creator.categories.length],
          joined + (k + 2) * DAY,
          r,
          titleOffset,
          usedTitles,
        ),
      );
    }
    const policyId = id(`policy:${creator.handle}`);
    rows.add("commission_policies", {
      id: policyId,
      commission_account_id: person.commissionAccountId,
      created_at: joined,
      updated_at: joined,
    });
    addText(rows, "commission_policy", policyId, "terms", POLICY_TERMS, creator.lang);
    const serviceCount = Math.min(forms.length, creator.handle === "democreator" ? 2 : r.int(1, 2));
    const services = [];
    for (let s = 0; s < serviceCount; s++) {
      const form = forms[s];
      const cat = /** @type {(typeof COMMISSION_CATEGORIES)[number]} */ (categoryByCode.get(form.category));
      const serviceId = id(`service:${creator.handle}:${s}`);
      const at = joined + (s + 3) * DAY;
      rows.add("commission_services", {
        id: serviceId,
        commission_account_id: person.commissionAccountId,
        form_id: form.formId,
        policy_id: policyId,
        price_amount: form.priceAmount,
        price_currency_id: currencyId(form.currency),
        service_status: "PUBLISHED",
        user_index: s,
        created_at: at,
        updated_at: at,
      });
      addText(rows, "commission_service", serviceId, "title", form.title, creator.lang);
      addText(
        rows,
        "commission_service",
        serviceId,
        "description",
        { en: SERVICE_DESCRIPTION.en(cat.en, form.days), ja: SERVICE_DESCRIPTION.ja(cat.ja, form.days) },
        creator.lang,
      );
      rows.add("commission_service_categories", { service_id: serviceId, category_code: form.category });
      // The gallery (issue 10): 2–4 images, the first a work's (the card's thumbnail), the rest the service's own
      // files under its folder. Its own random stream, so the other draws of the seed stay as they were.
      const gallery = rng(`${seed}:gallery:${serviceId}`);
      const motif = CATEGORY_CONTENT[form.category].motif;
      const own = Array.from({ length: gallery.int(2, 4) - 1 }, (_, g) =>
        addImage(
          person.accountId,
          null,
          `${serviceId}-${g}`,
          artworkSvg(`${seed}:${serviceId}:${g}`, motif, creator.en[0]),
          at,
          `${form.title.en.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${g + 2}.svg`,
          `v1/commission-service/${serviceId}/medias`,
        ),
      );
      [...workMedia.slice(s, s + 1), ...own].forEach((mediaId, pos) =>
        attach(mediaId, "commission_service", serviceId, "medias", pos),
      );
      services.push(serviceId);
    }
    creatorsOut.push({ creator, person, forms, services, workMedia });
  }

  if (extras) {
    const at = BASE_TIME - 10 * DAY;
    addPerson({ ...DEMO_ADMIN, open: false }, ["user", "admin", "creator"], at, {
      email: DEMO_ADMIN.email,
      cover: true,
    });
    addPerson({ ...DEMO_BANNED, open: false }, ["user", "ban"], at + HOUR, { email: DEMO_BANNED.email, cover: false });
    const clients = DEMO_CLIENTS.map((c, i) =>
      addPerson({ ...c, open: false }, ["user"], at + (i + 2) * HOUR, { email: c.email, cover: false }),
    );
    const client = clients[0];

    // The demo client bookmarked a few forms and services and visited some pages.
    const others = creatorsOut.filter((c) => c.creator.handle !== "democreator");
    others.slice(0, 3).forEach((c, i) =>
      rows.add("bookmarks", {
        id: id(`bookmark:democlient:form:${c.forms[0].formId}`),
        user_account_id: client.accountId,
        service_id: null,
        form_id: c.forms[0].formId,
        is_active: true,
        created_at: BASE_TIME + (i + 30) * DAY,
        updated_at: BASE_TIME + (i + 30) * DAY,
      }),
    );
    others.slice(3, 5).forEach((c, i) =>
      rows.add("bookmarks", {
        id: id(`bookmark:democlient:service:${c.services[0]}`),
        user_account_id: client.accountId,
        service_id: c.services[0],
        form_id: null,
        is_active: true,
        created_at: BASE_TIME + (i + 33) * DAY,
        updated_at: BASE_TIME + (i + 33) * DAY,
      }),
    );
    creatorsOut.slice(0, 6).forEach((c, i) =>
      rows.add("page_visits", {
        id: id(`visit:democlient:${c.forms[0].formId}`),
        model_name: "commission_form",
        model_id: c.forms[0].formId,
        visitor_key: client.accountId,
        visited_at: BASE_TIME + (i + 40) * DAY,
      }),
    );

    // A private draft work on the demo creator, credited to the demo client and visible to admins.
    const demo = creatorsOut.find((c) => c.creator.handle === "democreator");
    if (demo) {
      const workId = id("work:democreator:private");
      const wat = BASE_TIME + 20 * DAY;
      rows.add("portfolio_works", {
        id: workId,
        profile_id: demo.person.profileId,
        work_status: "DRAFT",
        commission_order_id: null,
        user_index: 99,
        created_at: wat,
        updated_at: wat,
      });
      addText(
        rows,
        "portfolio_work",
        workId,
        "title",
        { en: "Work in progress: client mascot", ja: "制作中：依頼者様のマスコット" },
        "en",
      );
      addText(
        rows,
        "portfolio_work",
        workId,
        "description",
        { en: "Private until the client approves publication.", ja: "依頼者様の公開許可が出るまで非公開です。" },
        "en",
      );
      rows.add("portfolio_work_categories", { work_id: workId, category_code: "character-illustration" });
      rows.add("portfolio_work_content_ratings", { work_id: workId, content_rating_code: "all-ages" });
      const art = artworkSvg(`${seed}:${workId}`, "character", "D");
      const mediaId = addImage(demo.person.accountId, workId, `${workId}-0`, art, wat, "client-mascot-wip.svg");
      attach(mediaId, "portfolio_work", workId, "medias", 0);
      const settingId = id(`visibility:${workId}`);
      rows.add("visibility_settings", {
        id: settingId,
        item_type: "portfolio_work",
        item_id: workId,
        visibility_status: "PRIVATE",
        created_at: wat,
        updated_at: wat,
      });
      rows.add("visibility_grants", {
        id: id(`grant:${settingId}:credit:democlient`),
        visibility_setting_id: settingId,
        permission: "credit",
        role_code: null,
        user_account_id: client.accountId,
        created_at: wat,
      });
      rows.add("visibility_grants", {
        id: id(`grant:${settingId}:view:democlient`),
        visibility_setting_id: settingId,
        permission: "view",
        role_code: null,
        user_account_id: client.accountId,
        created_at: wat,
      });
      rows.add("visibility_grants", {
        id: id(`grant:${settingId}:view:admin`),
        visibility_setting_id: settingId,
        permission: "view",
        role_code: "admin",
        user_account_id: null,
        created_at: wat,
      });

      addDemoOrders({
        rows,
        id,
        addText,
        addImage,
        attach,
        seller: demo,
        buyer: client,
        art: (key) => artworkSvg(`${seed}:${key}`, "character", "F"),
        now,
        jpyId: currencyId("JPY"),
      });
    }
  }

  const counts = Object.fromEntries([...rows.tables.entries()].map(([t, list]) => [t, list.length]));
  return {
    statements: rows.toStatements(),
    files,
    counts,
    logins,
    forms: creatorsOut.flatMap((c) =>
      c.forms.map((f) => ({
        handle: c.creator.handle,
        code: f.code,
        category: f.category,
        priceAmount: f.priceAmount,
        currency: f.currency,
      })),
    ),
  };
}
