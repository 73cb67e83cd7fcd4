/**
 * The client a request comes from, as rate limits and visit counts key it: the connecting IP that Cloudflare
 * reports, with an IPv6 address cut to its /64 prefix. One subscriber usually holds a whole /64 and can rotate
 * through it at will, so a per-address budget keyed by the full IPv6 address would be no budget at all.
 */
export function clientKey(request: Request): string {
  const ip = request.headers.get("cf-connecting-ip")?.trim();
  if (!ip) return "local";
  return ip.includes(":") ? (ipv6Prefix64(ip) ?? ip) : ip;
}

/** "2001:db8:1:2:aaaa::1" → "2001:db8:1:2::/64"; null when the text is not an IPv6 address. */
export function ipv6Prefix64(address: string): string | null {
  const bare = address
    .replace(/^\[|\]$/g, "")
    .split("%")[0]
    .toLowerCase();
  if (!/^[0-9a-f:.]+$/.test(bare)) return null;
  const halves = bare.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) stands for two groups; the /64 prefix never reaches it.
  const tailGroups = tail.reduce((n, part) => n + (part.includes(".") ? 2 : 1), 0);
  const missing = 8 - head.length - tailGroups;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  const prefix = groups.slice(0, 4);
  if (prefix.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${prefix.map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
