// What a V8 CPU profile (the DevTools protocol's Profiler.stop, a .cpuprofile file) says per request: each
// function's own time and its time including what it calls. Used by scripts/profile-worker.mjs (`npm run bench:profile`).

/** The part of the run the profiler took no sample in: the rest of each gap between two samples longer than an interval. */
export const NOT_SAMPLED = "(not sampled)";

/**
 * Milliseconds per request by function: `self` (samples in the function itself) and `total` (samples with the function
 * anywhere on the stack, counted once per sample). A function is its name, file and line.
 *
 * A sample stands for the time since the one before it, but for no more than one sampling interval (the profile's
 * median time between samples). workerd takes no sample while the isolate is not entered (it waits for I/O, or runs
 * D1's objects and the runtime's own work), so the first sample after such a wait would carry the whole wait: summed
 * that way, React Router's `getBuildTimeHeader`, which costs about 0.01 µs, read 0.09 ms a request on `/`, and D1's
 * `toJson` (its JSON.parse right after the response arrives) 0.5 ms on a search (decision 045). The rest of a longer
 * gap is counted as NOT_SAMPLED, in no function.
 */
export function summarizeProfile(profile, requests) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const name = ({ callFrame: { functionName, url, lineNumber } }) =>
    `${functionName || "(anonymous)"}${url ? ` ${url.split("/").pop()}:${lineNumber + 1}` : ""}`;
  const self = new Map();
  const total = new Map();
  const deltas = profile.timeDeltas ?? [];
  const sorted = [...deltas].sort((a, b) => a - b);
  const interval = sorted[Math.floor(sorted.length / 2)] ?? 0;
  profile.samples.forEach((id, index) => {
    const delta = deltas[index] ?? 0;
    const micros = Math.min(delta, interval);
    if (delta > micros) self.set(NOT_SAMPLED, (self.get(NOT_SAMPLED) ?? 0) + delta - micros);
    const leaf = name(nodes.get(id));
    self.set(leaf, (self.get(leaf) ?? 0) + micros);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const key = name(nodes.get(at));
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + micros);
    }
  });
  const perRequest = (map) =>
    [...map].map(([fn, micros]) => ({ fn, ms: micros / 1000 / requests })).sort((a, b) => b.ms - a.ms);
  return { self: perRequest(self), total: perRequest(total) };
}
