import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import { PREVIEW_BUTTON_SELECTOR, previewsOfCard } from "#app/components/catalog/card-previews";
import { creatorCardItems, renderCreatorCards, type CardMarkup } from "#app/components/catalog/creator-cards.server";
import {
  deliveryOptions,
  filterChips,
  languageOptions,
  resultCount,
  withoutFilters,
  type FilterChip,
} from "#app/components/catalog/explore-chips.server";
import { LazyMediaLightbox } from "#app/components/catalog/lazy-lightbox";
import { useDelegatedLinks } from "#app/components/catalog/use-delegated-links";
import { useInfiniteScroll } from "#app/components/catalog/use-infinite-scroll";
import { useDocumentOnly } from "#app/lib/document-only";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import {
  RATING_FILTER_MAX,
  RATING_FILTER_MIN,
  SEARCH_PAGE_SIZE,
  WRITES_PARAM,
  parseExploreQuery,
  serializeExploreQuery,
  type ExploreQuery,
} from "#worker/domain/search";
import { searchCreators, signGatedCards, type ExploreFilters, type FilterOption } from "#worker/services/catalog";
import { cometNow } from "#worker/services/clock";
import { translateAfterAnswer } from "#worker/services/localized-texts";
import type { Route } from "./+types/explore-creators";

/**
 * /explore/creators: the search lives in the URL (a GET form), the first page is server-rendered and works
 * without JavaScript ("Load more" is a link carrying the cursor); with JavaScript the next pages come from this
 * same loader through a fetcher when the page is scrolled to its bottom.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, user, locale, documentOnly, executionCtx } = context.get(requestContext);
  const query = parseExploreQuery(new URL(request.url).searchParams);
  const viewer = {
    locale,
    accountId: user?.accountId ?? null,
    displayCurrencyId: user?.displayCurrencyId ?? null,
    showsAdult: user?.showsAdult ?? false,
  };
  const { readings, untranslated, ...searched } = await searchCreators(
    db,
    query,
    viewer,
    await cometNow(env),
    SEARCH_PAGE_SIZE,
  );
  // A work rated for adults shows by links signed for this viewer (decision 110): its files are not at /media/.
  const found = { ...searched, creators: await signGatedCards(env, searched.creators, user?.profileId ?? null) };
  // The active filters as chips and the language choices, worded here: no label rides in the page's JS.
  const chips = filterChips(query, found.filters, found.displayCurrencyCode, locale);
  const result = {
    ...found,
    chips,
    clearHref: chips.length > 1 ? withoutFilters(query) : null,
    count: found.total === null ? null : resultCount(found.total, locale),
  };
  const languages = languageOptions(locale);
  const deliveries = deliveryOptions(query.maxDeliveryDays);
  // The cards as markup (renderCreatorCards), and for a page document not even that: the page's own render draws the
  // first cards from the document-only store and the browser keeps their markup (FirstPage), so the hydration data
  // carries their handles. A bio shown in the original for want of a translation gets one after the answer (issue 46).
  translateAfterAnswer(executionCtx, locale, untranslated);
  const handles = result.creators.map((creator) => creator.handle);
  if (documentOnly) {
    documentOnly.set(DOCUMENT_FIRST_PAGE, creatorCardItems(result.creators, readings));
    return { ...result, query, handles, languages, deliveries, creators: null };
  }
  return {
    ...result,
    query,
    handles,
    languages,
    deliveries,
    creators: renderCreatorCards(result.creators, readings),
  };
}

/** The document-only key of the first page's cards (app/lib/document-only.ts). */
const DOCUMENT_FIRST_PAGE = "explore-creators:first-page";
const FIRST_PAGE_ID = "explore-first-page";
const resultsGridClass = "grid gap-5 sm:grid-cols-2 lg:grid-cols-3 [&>li]:min-w-0";

export const meta: Route.MetaFunction = () => [
  { title: m.layout_meta_page_title({ page: m.catalog_explore_title() }) },
];

const fieldClass =
  "mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";

export default function ExploreCreators({ loaderData }: Route.ComponentProps) {
  const { query, filters, languages, deliveries } = loaderData;
  // The cards (the server's markup) of a search's first page when it came as data, then of every page appended. A
  // document's first page is not among them: it stays as the server rendered it (FirstPage).
  const [creators, setCreators] = useState<CardMarkup[]>(loaderData.creators ?? []);
  const [next, setNext] = useState<string | null>(loaderData.nextCursor);
  const fetcher = useFetcher<typeof loader>();
  // The cursor asked for and not yet appended: a page is appended once, and only for the search on screen.
  const pending = useRef<string | null>(null);
  // Every cursor this search has asked for: the scroll check that runs as a page lands still measures the old bottom,
  // and would ask for the page just appended again.
  const asked = useRef(new Set<string>());
  const searchKey = serializeExploreQuery({ ...query, cursor: null });

  // A new search (new loader data) starts the list over.
  useEffect(() => {
    pending.current = null;
    asked.current = new Set();
    setCreators(loaderData.creators ?? []);
    setNext(loaderData.nextCursor);
  }, [loaderData]);

  useEffect(() => {
    const page = fetcher.data;
    if (!page || fetcher.state !== "idle" || pending.current === null) return;
    if (page.query.cursor !== pending.current || serializeExploreQuery({ ...page.query, cursor: null }) !== searchKey)
      return;
    pending.current = null;
    setCreators((shown) => {
      const handles = new Set([...(loaderData.creators ? [] : loaderData.handles), ...shown.map((c) => c.handle)]);
      return [...shown, ...(page.creators ?? []).filter((c) => !handles.has(c.handle))];
    });
    setNext(page.nextCursor);
  }, [fetcher.data, fetcher.state, searchKey, loaderData]);

  const nextHref = next ? `/explore/creators?${serializeExploreQuery({ ...query, cursor: next })}` : null;
  const loading = fetcher.state !== "idle";
  const loadMore = () => {
    if (!next || !nextHref || loading || pending.current || asked.current.has(next)) return;
    asked.current.add(next);
    pending.current = next;
    fetcher.load(nextHref);
  };
  useInfiniteScroll(loadMore, Boolean(nextHref) && !loading);
  const followLink = useDelegatedLinks();
  const [lightbox, setLightbox] = useState<ReturnType<typeof previewsOfCard> | null>(null);
  const onResultsClick = (event: MouseEvent<HTMLElement>) => {
    const preview =
      event.target instanceof Element ? event.target.closest<HTMLButtonElement>(PREVIEW_BUTTON_SELECTOR) : null;
    if (preview) setLightbox(previewsOfCard(preview));
    else followLink(event);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">{m.catalog_explore_title()}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{m.catalog_explore_intro()}</p>

      <SearchForm
        query={query}
        filters={filters}
        languages={languages}
        deliveries={deliveries}
        currencyCode={loaderData.displayCurrencyCode}
      />
      <ActiveFilters chips={loaderData.chips} clearHref={loaderData.clearHref} count={loaderData.count} />

      {/* One click handler for every card: their links and their preview buttons (CreatorCard). */}
      <section aria-labelledby="explore-results" className="mt-10" onClick={onResultsClick}>
        <h2 id="explore-results" className="sr-only">
          {m.catalog_results_heading()}
        </h2>
        {loaderData.handles.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
            <p className="font-medium text-zinc-900 dark:text-zinc-50">{m.catalog_results_empty()}</p>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{m.catalog_results_empty_body()}</p>
          </div>
        ) : (
          <>
            {loaderData.creators === null ? <FirstPage /> : null}
            {creators.length > 0 ? (
              <ul className={loaderData.creators === null ? `mt-5 ${resultsGridClass}` : resultsGridClass}>
                {creators.map((card) => (
                  <CreatorItem key={card.handle} card={card} />
                ))}
              </ul>
            ) : null}
          </>
        )}
        {lightbox ? (
          <LazyMediaLightbox
            open
            onClose={() => setLightbox(null)}
            items={lightbox.items}
            startIndex={lightbox.startIndex}
            title={lightbox.title}
            heading={(index, total) => m.catalog_lightbox_title({ index: index + 1, total })}
            linkLabel={m.catalog_lightbox_open_link()}
          />
        ) : null}
        {nextHref ? (
          <div className="mt-8 flex justify-center" aria-live="polite">
            <Link
              to={nextHref}
              className="button-secondary"
              aria-disabled={loading}
              onClick={(event) => {
                // With JavaScript the next page is appended in place; without it the link opens the next page.
                event.preventDefault();
                loadMore();
              }}
            >
              {loading ? m.catalog_loading() : m.catalog_load_more()}
            </Link>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** A card from the server's markup (renderCreatorCards); React never renders inside it. */
function CreatorItem({ card }: { card: CardMarkup }) {
  return <li dangerouslySetInnerHTML={{ __html: card.html }} />;
}

/**
 * A document's first page of cards. The server renders them from the document-only store; the browser hydrates the
 * list with the markup it already holds (read once, before React touches it) instead of re-rendering it from data,
 * so the cards are not sent twice. The cards are markup only (CreatorCard), so nothing in them needs React.
 */
function FirstPage() {
  const serverCards = useDocumentOnly<ReactNode>(DOCUMENT_FIRST_PAGE);
  const [browserMarkup] = useState(() =>
    typeof document === "undefined" ? "" : (document.getElementById(FIRST_PAGE_ID)?.innerHTML ?? ""),
  );
  if (serverCards) {
    return (
      <ul id={FIRST_PAGE_ID} className={resultsGridClass}>
        {serverCards}
      </ul>
    );
  }
  return (
    <ul
      id={FIRST_PAGE_ID}
      className={resultsGridClass}
      dangerouslySetInnerHTML={{ __html: browserMarkup }}
      suppressHydrationWarning
    />
  );
}

/**
 * The active filters, each a link that removes it (works without JavaScript), and how many creators the search finds:
 * announced politely as a search lands.
 */
function ActiveFilters({
  chips,
  clearHref,
  count,
}: {
  chips: FilterChip[];
  clearHref: string | null;
  count: string | null;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      {count !== null ? (
        <p aria-live="polite" className="mr-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {count}
        </p>
      ) : null}
      {chips.length > 0 ? (
        <ul aria-label={m.catalog_chips_label()} className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.href}>
              <Link
                to={chip.href}
                aria-label={m.catalog_chip_remove({ filter: chip.label })}
                className="inline-flex min-h-8 items-center gap-1 rounded-full border border-zinc-300 bg-zinc-50 px-3 py-1 text-sm text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800"
              >
                {chip.label}
                <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
          {clearHref ? (
            <li>
              <Link to={clearHref} className="inline-flex min-h-8 items-center px-2 text-sm underline">
                {m.catalog_chip_clear()}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

function SearchForm({
  query,
  filters,
  languages,
  deliveries,
  currencyCode,
}: {
  query: ExploreQuery;
  filters: ExploreFilters;
  languages: FilterOption[];
  deliveries: FilterOption[];
  currencyCode: string;
}) {
  const id = useId();
  // Keyed by the URL's query so the fields follow back/forward navigation.
  const key = serializeExploreQuery({ ...query, cursor: null });
  const navigate = useNavigate();
  return (
    <Form
      key={key}
      method="get"
      role="search"
      onSubmit={(event) => {
        // With JavaScript, leave defaults and empty filters out of the URL; without it the plain GET works the same.
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget))
          if (typeof value === "string") params.append(name, value);
        const search = serializeExploreQuery({ ...parseExploreQuery(params), cursor: null });
        navigate(search ? `/explore/creators?${search}` : "/explore/creators");
      }}
      className="mt-8 grid gap-4 rounded-2xl border border-zinc-200 bg-white p-5 sm:grid-cols-2 lg:grid-cols-4 dark:border-zinc-800 dark:bg-zinc-900 [&>*]:min-w-0"
    >
      <div className="sm:col-span-2 lg:col-span-4">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {m.catalog_search_label()}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder={m.catalog_search_placeholder()}
            className={`${fieldClass} mt-0 min-w-0 flex-1`}
          />
          <button type="submit" className="button-primary">
            {m.catalog_search_submit()}
          </button>
        </div>
      </div>
      <Select
        id={`${id}-category`}
        name="category"
        label={m.catalog_filter_category()}
        value={query.category}
        options={filters.categories}
      />
      <Select
        id={`${id}-kind`}
        name="kind"
        label={m.catalog_filter_kind()}
        value={query.kind}
        options={filters.kinds}
      />
      <Select
        id={`${id}-use`}
        name="use"
        label={m.catalog_filter_use()}
        value={query.useCase}
        options={filters.useCases}
      />
      {/* One sort control (decision 109): each sort goes its own natural way, so `sort` alone says it. */}
      <Select
        id={`${id}-sort`}
        name="sort"
        label={m.catalog_sort_label()}
        value={query.sort}
        required
        options={[
          { code: "relevance", name: m.catalog_sort_relevance() },
          { code: "date", name: m.catalog_sort_newest() },
          { code: "rating", name: m.catalog_sort_rating_best() },
          { code: "price", name: m.catalog_sort_price() },
          { code: "name", name: m.catalog_sort_name() },
          { code: "systemIndex", name: m.explore_sort_system_index() },
          { code: "commissionFormCount", name: m.explore_sort_commission_form_count() },
        ]}
      />
      <MoreFilters
        query={query}
        filters={filters}
        languages={languages}
        deliveries={deliveries}
        currencyCode={currencyCode}
        id={id}
      />
    </Form>
  );
}

/** How many of the filters in the disclosure are on: its summary says so, and it opens itself when any is. */
const moreFiltersOn = (query: ExploreQuery) =>
  [
    query.openNow,
    query.priceMin !== null || query.priceMax !== null,
    query.licence,
    query.minRating !== null,
    query.language,
    query.contentRating,
    query.maxDeliveryDays !== null,
  ].filter(Boolean).length;

/**
 * The filters of issue 66 in a disclosure (a native `details`: opens by keyboard, no script), open when any is on.
 * The selects submit on change like the ones above; the price fields and the checkbox wait for "Apply".
 */
function MoreFilters({
  query,
  filters,
  languages,
  deliveries,
  currencyCode,
  id,
}: {
  query: ExploreQuery;
  filters: ExploreFilters;
  languages: FilterOption[];
  deliveries: FilterOption[];
  currencyCode: string;
  id: string;
}) {
  const on = moreFiltersOn(query);
  const ratings: FilterOption[] = [];
  for (let stars = RATING_FILTER_MAX; stars >= RATING_FILTER_MIN; stars--)
    ratings.push({ code: String(stars), name: m.catalog_filter_rating_at_least({ stars }) });
  return (
    <details open={on > 0} className="group sm:col-span-2 lg:col-span-4">
      <summary className="cursor-pointer rounded-lg py-1 text-sm font-medium text-zinc-900 select-none dark:text-zinc-100">
        {on > 0 ? m.catalog_filters_summary_count({ count: on }) : m.catalog_filters_summary()}
      </summary>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 [&>*]:min-w-0">
        <div className="flex items-start gap-2 sm:col-span-2 lg:col-span-4">
          <input
            id={`${id}-open`}
            type="checkbox"
            name="open"
            value="1"
            defaultChecked={query.openNow}
            className="mt-1 size-4"
            aria-describedby={`${id}-open-hint`}
          />
          <div>
            <label htmlFor={`${id}-open`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
              {m.catalog_filter_open_now()}
            </label>
            <p id={`${id}-open-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
              {m.catalog_filter_open_now_hint()}
            </p>
          </div>
        </div>
        <fieldset className="sm:col-span-2 lg:col-span-2">
          <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {m.catalog_filter_price({ currency: currencyCode })}
          </legend>
          <div className="mt-1 flex items-center gap-2">
            <label htmlFor={`${id}-min`} className="sr-only">
              {m.catalog_filter_price_min()}
            </label>
            <input
              id={`${id}-min`}
              type="number"
              name="min"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={query.priceMin ?? ""}
              placeholder={m.catalog_filter_price_min()}
              className={`${fieldClass} mt-0 min-w-0 flex-1`}
            />
            <span aria-hidden="true">–</span>
            <label htmlFor={`${id}-max`} className="sr-only">
              {m.catalog_filter_price_max()}
            </label>
            <input
              id={`${id}-max`}
              type="number"
              name="max"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={query.priceMax ?? ""}
              placeholder={m.catalog_filter_price_max()}
              className={`${fieldClass} mt-0 min-w-0 flex-1`}
            />
          </div>
        </fieldset>
        <Select
          id={`${id}-days`}
          name="days"
          label={m.catalog_filter_delivery()}
          value={query.maxDeliveryDays === null ? null : String(query.maxDeliveryDays)}
          options={deliveries}
        />
        <Select
          id={`${id}-licence`}
          name="licence"
          label={m.catalog_filter_licence()}
          value={query.licence}
          options={[
            { code: "commercial", name: m.catalog_filter_licence_commercial() },
            { code: "exclusive", name: m.catalog_filter_licence_exclusive() },
          ]}
        />
        <Select
          id={`${id}-rating`}
          name="rating"
          label={m.catalog_filter_rating()}
          value={query.minRating === null ? null : String(query.minRating)}
          options={ratings}
        />
        <Select
          id={`${id}-lang`}
          name={WRITES_PARAM}
          label={m.catalog_filter_language()}
          value={query.language}
          options={languages}
        />
        <Select
          id={`${id}-content`}
          name="content"
          label={m.catalog_filter_content()}
          value={query.contentRating}
          options={filters.contentRatings}
        />
        <div className="flex items-end">
          <button type="submit" className="button-secondary w-full">
            {m.catalog_filter_apply()}
          </button>
        </div>
      </div>
    </details>
  );
}

function Select(props: {
  id: string;
  name: string;
  label: string;
  value: string | null;
  options: FilterOption[];
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.value ?? ""}
        className={fieldClass}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {props.required ? null : <option value="">{m.catalog_filter_any()}</option>}
        {props.options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
