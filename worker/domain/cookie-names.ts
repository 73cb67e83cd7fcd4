/** The names of the cookies Comet sets: the session, the language and the theme. */

/** Plain-http localhost (dev, tests) only; over https the cookie is `__Host-` prefixed (Secure, Path=/, no Domain). */
export const SESSION_COOKIE = "comet_session";
export const SECURE_SESSION_COOKIE = "__Host-comet_session";

export const LANGUAGE_COOKIE = "app-language";
export const THEME_COOKIE = "theme";
