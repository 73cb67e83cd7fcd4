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

/** Admins and creators see the creator side (Managements, Forms, creator Portfolio, Payout, Sales). */
export function isCreatorSide(roles: readonly string[]): boolean {
  return roles.includes("admin") || roles.includes("creator");
}
