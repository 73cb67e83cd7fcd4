/** Set by vite.config.ts: true in dev and test builds, which include the local card form; false in production. */
declare const __LOCAL_CARD_FORM__: boolean;
/** Set by vite.config.ts: true in dev and test builds, which have the dev clock (worker/services/clock.ts); false in production. */
declare const __DEV_CLOCK__: boolean;
/** Set by vite.config.ts: true in dev, test and benchmark builds, which serve /api/bench (worker/dev/bench.ts); false in production. */
declare const __BENCH_DOORS__: boolean;
