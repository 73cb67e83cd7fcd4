// A Vite plugin for the Worker's build: React Router matches a URL by trying each route branch (root, layout, …,
// page) in rank order, and for every branch it runs each level's pattern and joins paths with regular-expression
// replaces until a level fails. A document request matches three to four times (the request handler, the query,
// and the partial manifest, which also matches each parent path), and a page under `/explore` or `/{handle}` is
// tried against every one of the 28 dashboard branches first. A CPU profile of /explore/creators put about 1 ms
// per request there, most of it on branches whose first segment already differs.
//
// The patch skips a branch when the pathname cannot start with the branch's static prefix: the path's segments up
// to the first that has a parameter, a splat or an optional marker, compared lower-cased (React Router's patterns
// are case-insensitive unless a route says otherwise; lower-casing both sides can only let more through). It only
// skips branches that would fail anyway; the full matcher still decides every branch it lets through, so the
// result is the same. Docs: docs/decisions/037-page-budgets-round-6.md.

/** The loop the plugin replaces, as it stands in react-router's production `lib/router/utils.js`. */
export const ORIGINAL =
  "for (let i = 0; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);";

const REPLACEMENT = `let lowered = allowPartial ? "" : decoded.toLowerCase();
	for (let i = 0; matches == null && i < branches.length; ++i) matches = allowPartial || mayStartWithBranch(lowered, branches[i]) ? matchRouteBranch(branches[i], decoded, allowPartial) : null;`;

const HELPERS = `
var branchPrefixes = new WeakMap();
/** The branch's leading static segments, lower-cased ("/" when its first segment is dynamic). */
function staticPrefixOf(branch) {
	let prefix = branchPrefixes.get(branch);
	if (prefix === void 0) {
		let segments = [];
		for (let segment of branch.path.split("/")) {
			if (segment === "") continue;
			if (/[:*?]/.test(segment)) break;
			segments.push(segment.toLowerCase());
		}
		prefix = "/" + segments.join("/");
		branchPrefixes.set(branch, prefix);
	}
	return prefix;
}
/** False only when the lower-cased pathname cannot match the branch: it does not start with its static prefix. */
function mayStartWithBranch(lowered, branch) {
	let prefix = staticPrefixOf(branch);
	return prefix === "/" || lowered === prefix || lowered.startsWith(prefix + "/");
}
`;

const ROUTER_UTILS = /react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]utils\.js$/;

/** The patched source; throws when React Router's source no longer has the loop, so an upgrade cannot skip it silently. */
export function prefilterRouteBranches(code, id = "react-router/lib/router/utils.js") {
  const at = code.indexOf(ORIGINAL);
  if (at === -1 || code.indexOf(ORIGINAL, at + 1) !== -1) {
    throw new Error(`route-match-prefilter: ${id} no longer matches branches as expected; check the React Router upgrade (docs/decisions/037)`);
  }
  return code.replace(ORIGINAL, REPLACEMENT) + HELPERS;
}

/** Applies `prefilterRouteBranches` to React Router's production matcher in the Worker's production build. */
export function routeMatchPrefilter() {
  return {
    name: "comet:route-match-prefilter",
    apply: "build",
    transform(code, id) {
      // The browser keeps React Router as shipped: its route tree can grow at run time, and its JS is budgeted.
      if (this.environment?.name === "client" || !ROUTER_UTILS.test(id)) return null;
      return { code: prefilterRouteBranches(code, id), map: null };
    },
  };
}
