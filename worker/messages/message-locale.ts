import { AsyncLocalStorage } from "node:async_hooks";
import { overwriteServerAsyncLocalStorage } from "#app/paraglide/runtime.js";
import type { Locale } from "../domain/locales";

/**
 * Paraglide's messages read the request's language, on the server, from an AsyncLocalStorage store. Its own
 * middleware decides the language a second time (its cookie and Accept-Language strategies), parses the URL again
 * and clones the request, on every request. The Worker has already decided it (`requestLocale`, worker/http/locale.ts,
 * the one rule), so this opens the scope with that language: the messages and the loaders cannot disagree.
 * (docs/decisions/037)
 */
type MessageScope = { locale?: Locale; origin?: string; messageCalls?: Set<string> };
const messageScope = new AsyncLocalStorage<MessageScope>();
overwriteServerAsyncLocalStorage(messageScope);

/** Runs `render` with Paraglide's messages in `locale`; `origin` is what Paraglide's getUrlOrigin() answers. */
export function withMessageLocale<T>(locale: Locale, origin: string, render: () => T): T {
  return messageScope.run({ locale, origin, messageCalls: new Set() }, render);
}
