/** The role codes of spec section 6. */
export const ROLE_CODES = [
  "admin",
  "creator",
  "user",
  "private-beta-creator",
  "private-beta-user",
  "public-beta-creator",
  "public-beta-user",
  "ban",
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export function isBanned(roles: readonly string[]): boolean {
  return roles.includes("ban");
}

/** An admin settles disputes (decision 073: an admin may cancel any order not yet ended). */
export function isAdmin(roles: readonly string[]): boolean {
  return roles.includes("admin");
}

/**
 * What "creator" means, everywhere: admins and creators see the creator side (Managements, Forms, creator Portfolio,
 * Payout, Sales), are listed on /explore/creators and get the creator badge. The SQL reads the same list
 * (`creatorRoleSql`; migration 0006 for the search triggers).
 */
const CREATOR_ROLES = ["admin", "creator"] as const satisfies readonly RoleCode[];

export function isCreatorSide(roles: readonly string[]): boolean {
  return CREATOR_ROLES.some((role) => roles.includes(role));
}

/** The SQL test "this account is a creator" for an account id column, built from CREATOR_ROLES. */
export function creatorRoleSql(accountIdColumn: string): string {
  const codes = CREATOR_ROLES.map((role) => `'${role}'`).join(", ");
  return `EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = ${accountIdColumn} AND r.role_code IN (${codes}))`;
}

/**
 * The SQL test "this account is not banned", for an account id column. A ban hides the account's public face: its
 * profile, the works it made, its forms and services answer 404 and take no requests, and the creator search leaves it
 * out (migration 0004). Decision 075.
 */
export function notBannedSql(accountIdColumn: string): string {
  return `NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = ${accountIdColumn} AND r.role_code = 'ban')`;
}
