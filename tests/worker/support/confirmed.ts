/**
 * An order command's JSON body as the app sends it once its person has confirmed (issue 75): with `confirmed: true`,
 * which a money action needs (stage approval, completion, cancel, payment) and every other command's schema drops. A
 * body's own `confirmed` stays, so a test can send `false`.
 */
export const confirmed = <T>(json: T): T =>
  json !== null && typeof json === "object" && !Array.isArray(json) ? { confirmed: true, ...json } : json;
