// What a V8 CPU profile (the DevTools protocol's Profiler.stop, a .cpuprofile file) says per request: each
// function's own time and its time including what it calls. Used by scripts/profile-worker.mjs (`npm run bench:profile`).

/**
 * Milliseconds per request by function: `self` (samples in the function itself) and `total` (samples with the function
 * anywhere on the stack, counted once per sample). A function is its name, file and line.
 */
export function summarizeProfile(profile, requests) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const name = ({ callFrame: { functionName, url, lineNumber } }) =>
    `${functionName || "(anonymous)"}${url ? ` ${url.split("/").pop()}:${lineNumber + 1}` : ""}`;
  const self = new Map();
  const total = new Map();
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
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
  const perRequest = (map) => [...map].map(([fn, micros]) => ({ fn, ms: micros / 1000 / requests })).sort((a, b) => b.ms - a.ms);
  return { self: perRequest(self), total: perRequest(total) };
}
