// Counting a visit of a form or work (spec sections 4, 8): loaded after the page is up (use-page-visit.ts) or on a
// card's first preview, since nothing on the page waits for it.
import { PAGE_VISIT_INTERVAL_MS, PAGE_VISIT_LOCAL_TTL_MS } from "#worker/domain/page-visits";

const STORAGE_KEY = "comet.pageVisits";
type Records = Record<string, number>;
/** Calls in flight, so a double effect (React's dev mode) or a double click sends one request. */
const inFlight = new Set<string>();

function readRecords(now: number): Records {
  try {
    const records = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as Records;
    // Spec section 9: local records older than 30 days are pruned.
    return Object.fromEntries(
      Object.entries(records).filter(([, at]) => typeof at === "number" && now - at < PAGE_VISIT_LOCAL_TTL_MS),
    );
  } catch {
    return {};
  }
}

function writeRecord(key: string, at: number) {
  try {
    const records = readRecords(Date.now());
    records[key] = at;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(records));
  } catch {
    // Storage full or blocked: the server still counts at most once a day.
  }
}

/**
 * Count a visit of a form or work (POST /api/features/pageVisit/{path}). A visit recorded locally within 24 h
 * skips the call; on failure the error is logged and the visit recorded locally as now (spec sections 4, 8).
 */
export async function countPageVisit(
  path: "commission/form" | "portfolio/work",
  modelName: string,
  modelId: string,
): Promise<void> {
  const now = Date.now();
  const key = `${modelName}:${modelId}`;
  const last = readRecords(now)[key];
  if ((last && now - last < PAGE_VISIT_INTERVAL_MS) || inFlight.has(key)) return;
  inFlight.add(key);
  try {
    const response = await fetch(`/api/features/pageVisit/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ modelName, modelId }),
    });
    if (!response.ok) {
      console.error(`Failed to count visit with status code: ${response.status}`);
      writeRecord(key, now);
      return;
    }
    const body = (await response.json()) as { data?: { timestamp?: number } };
    writeRecord(key, body.data?.timestamp ?? now);
  } catch {
    console.error("Failed to count visit.");
    writeRecord(key, now);
  } finally {
    inFlight.delete(key);
  }
}
