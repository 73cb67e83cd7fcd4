// The page-visit counter's browser side (app/components/catalog/page-visit-counter.ts; spec sections 4, 8, 9): the local
// record of a visit, the two failure messages (then the visit is recorded locally as now), and the 30-day pruning of
// local records. The server side (counting, limits, 'Unsupported model name') is tests/worker/page-visits*.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countPageVisit } from "#app/components/catalog/page-visit-counter";

const STORAGE_KEY = "comet.pageVisits";
const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 10, 12);

/** A Storage kept in a Map: workerd, where this runs, has no localStorage of its own. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const records = (): Record<string, number> => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}");
const answer = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
let logged: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
  vi.stubGlobal("localStorage", memoryStorage());
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("countPageVisit", () => {
  it("posts the model and id, records the server's timestamp locally, and skips the call for 24 hours", async () => {
    fetchMock.mockImplementation(async () => answer(200, { data: { timestamp: START - 5 } }));
    await countPageVisit("commission/form", "commission_form", "form-1");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/features/pageVisit/commission/form");
    expect(JSON.parse(String(init.body))).toEqual({ modelName: "commission_form", modelId: "form-1" });
    expect(records()).toEqual({ "commission_form:form-1": START - 5 });

    vi.setSystemTime(START - 5 + DAY_MS - 1);
    await countPageVisit("commission/form", "commission_form", "form-1");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Another item is its own record.
    await countPageVisit("portfolio/work", "portfolio_work", "work-1");
    expect(fetchMock).toHaveBeenCalledTimes(2);

    vi.setSystemTime(START - 5 + DAY_MS);
    await countPageVisit("commission/form", "commission_form", "form-1");
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(logged).not.toHaveBeenCalled();
  });

  it("a non-200 answer logs 'Failed to count visit with status code: {status}' and records the visit locally as now", async () => {
    fetchMock.mockImplementation(async () => answer(503));
    await countPageVisit("portfolio/work", "portfolio_work", "work-2");
    expect(logged).toHaveBeenCalledWith("Failed to count visit with status code: 503");
    expect(records()).toEqual({ "portfolio_work:work-2": START });

    // Recorded: the next visit within 24 hours does not call again.
    vi.setSystemTime(START + DAY_MS - 1);
    await countPageVisit("portfolio/work", "portfolio_work", "work-2");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a failed call logs 'Failed to count visit.' and records the visit locally as now", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await countPageVisit("commission/form", "commission_form", "form-3");
    expect(logged).toHaveBeenCalledWith("Failed to count visit.");
    expect(records()).toEqual({ "commission_form:form-3": START });
    await countPageVisit("commission/form", "commission_form", "form-3");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("prunes local records older than 30 days and keeps younger ones", async () => {
    const THIRTY_DAYS_MS = 2_592_000_000;
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        "portfolio_work:old": START - THIRTY_DAYS_MS,
        "portfolio_work:older": START - 40 * DAY_MS,
        "portfolio_work:recent": START - THIRTY_DAYS_MS + 1,
      }),
    );
    fetchMock.mockImplementation(async () => answer(200, { data: { timestamp: START } }));
    await countPageVisit("portfolio/work", "portfolio_work", "new");
    expect(records()).toEqual({ "portfolio_work:recent": START - THIRTY_DAYS_MS + 1, "portfolio_work:new": START });
  });
});
