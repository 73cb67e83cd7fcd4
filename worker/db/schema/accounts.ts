import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { currencies } from "./reference";

const now = sql`(unixepoch('subsec') * 1000)`;
export const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
};

/** One row per person who can sign in. The e-mail is stored lower-cased. */
export const userAccounts = sqliteTable("user_accounts", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  displayLanguageCode: text("display_language_code").notNull().default("en"),
  displayCurrencyId: text("display_currency_id").references(() => currencies.id),
  inputLanguageCode: text("input_language_code").notNull().default("en"),
  /** ISO date (yyyy-mm-dd) or null. */
  birthday: text("birthday"),
  /**
   * When the user, 18 or older by their birthday, chose to see works rated for adults and confirmed their age
   * (decision 110); null: adult works are hidden from them, as from every signed-out visitor.
   */
  adultContentConfirmedAt: integer("adult_content_confirmed_at", { mode: "timestamp_ms" }),
  /**
   * When the user deleted their account (decision 104): the row stays so that kept transaction records still point at
   * something, with its e-mail replaced by a placeholder and every personal field emptied.
   */
  deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
  ...timestamps,
});

/** The role codes of spec section 6; a user holds any number of them. */
export const roles = sqliteTable("roles", {
  code: text("code").primaryKey(),
});

export const userAccountRoles = sqliteTable(
  "user_account_roles",
  {
    userAccountId: text("user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    roleCode: text("role_code")
      .notNull()
      .references(() => roles.code),
  },
  // The role index lets "every creator" start from the role rather than from every account.
  (t) => [
    primaryKey({ columns: [t.userAccountId, t.roleCode] }),
    index("user_account_roles_role").on(t.roleCode, t.userAccountId),
  ],
);

/** Public face of an account. Names and bio live in localized_texts (entity "user_profile"). */
export const userProfiles = sqliteTable(
  "user_profiles",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .unique()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    /** The handle as the user typed it; uniqueness ignores case. */
    originalHandle: text("original_handle").notNull(),
    avatarUrl: text("avatar_url"),
    coverUrl: text("cover_url"),
    isOpenCommission: integer("is_open_commission", { mode: "boolean" }).notNull().default(false),
    /**
     * The platform's curated rank of a creator in lists (spec: sort key systemIndex): higher comes first in the default,
     * descending order; 0 = not curated. Set by the platform, never by the user (decision 034).
     */
    systemIndex: integer("system_index").notNull().default(0),
    /**
     * Hidden by an admin after a report (decision 089): the profile page answers 404 to all but its owner and the
     * admins, and the creator leaves the lists (migration 0029's trigger keeps it out of creator_search).
     */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("user_profiles_handle_nocase").on(sql`lower(${t.originalHandle})`),
    // Date sort of /explore/creators walks profiles in this order and stops at the page size.
    index("user_profiles_created").on(t.createdAt, t.id),
  ],
);

/** The party of an order: an order's sellerId and buyerId are commission account ids. */
export const commissionAccounts = sqliteTable("commission_accounts", {
  id: text("id").primaryKey(),
  userAccountId: text("user_account_id")
    .notNull()
    .unique()
    .references(() => userAccounts.id, { onDelete: "cascade" }),
  /** The currency new forms and services start in (general settings); null means the product default, JPY. */
  defaultCurrencyId: text("default_currency_id").references(() => currencies.id),
  /** How many orders the creator takes at once (decision 091); null: no limit, no waitlist. */
  slotCount: integer("slot_count"),
  /** The creator has closed their waitlist: nobody new joins, those in line keep their places. */
  waitlistClosed: integer("waitlist_closed", { mode: "boolean" }).notNull().default(false),
  /**
   * The lowest published price of the creator's forms and services, in yen at the latest stored rate; null: none.
   * Kept by migration 0045's triggers on every price, status and rate change, and copied to creator_search (decision 109).
   */
  lowestPriceYen: integer("lowest_price_yen"),
  /** The same without the prices behind the adult gate (R-18 services, decision 110): what everyone may see (0047). */
  lowestUngatedPriceYen: integer("lowest_ungated_price_yen"),
  ...timestamps,
});

/** Server-side sessions. The cookie holds a random id; only its SHA-256 is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userAccountId: text("user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    /** The absolute end of the session (created + SESSION_ABSOLUTE_TTL_MS); never extended. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** Last request seen on the session (null: none since it was created); idle past SESSION_IDLE_TTL_MS ends it. */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("sessions_account").on(t.userAccountId)],
);

/** E-mail one-time codes, stored as SHA-256 of (email, code); single use, limited tries. */
export const authCodes = sqliteTable(
  "auth_codes",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    /** Handle requested at sign-up; null for sign-in. */
    signupHandle: text("signup_handle"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    consumedAt: integer("consumed_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("auth_codes_email").on(t.email, t.createdAt)],
);

/** Fixed-window counters for rate limits (key like "otp:email:a@b.c"); the cron prunes old windows. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window").on(t.windowStart)],
);

/** Ids (jti) of single-use signed tokens already spent; kept until the token would have expired anyway. */
export const signedTokenUses = sqliteTable(
  "signed_token_uses",
  {
    jti: text("jti").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("signed_token_uses_expiry").on(t.expiresAt)],
);

/** Every message the dev mailer "sent"; read by /dev/mailbox. Unused in production. */
export const devMails = sqliteTable("dev_mails", {
  id: text("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  createdAt: timestamps.createdAt,
});

/**
 * The dev clock (worker/clock.ts, docs/decisions/080): how far Comet's time runs ahead of the real one, in one row
 * (id 1) that the Worker, the cron and both objects read alike. Written and read only outside production builds; a
 * production database has the table and never a row.
 */
export const devClock = sqliteTable("dev_clock", {
  id: integer("id").primaryKey(),
  offsetMs: integer("offset_ms").notNull(),
  updatedAt: timestamps.updatedAt,
});
