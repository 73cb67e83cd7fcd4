import { describe, expect, it } from "vitest";
import { clientKey, ipv6Prefix64 } from "./client-key";

const request = (ip?: string) => new Request("http://localhost/", { headers: ip ? { "cf-connecting-ip": ip } : {} });

describe("clientKey", () => {
  it("keys IPv4 by the full address", () => {
    expect(clientKey(request("203.0.113.9"))).toBe("203.0.113.9");
  });

  it("keys every IPv6 address of one /64 the same, whatever its spelling", () => {
    const keys = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:abcd::9",
      "[2001:db8:1:2::7]",
    ].map((ip) => clientKey(request(ip)));
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(clientKey(request("2001:db8:1:3::1"))).toBe("2001:db8:1:3::/64");
  });

  it("handles compressed prefixes and embedded IPv4", () => {
    expect(ipv6Prefix64("::1")).toBe("0:0:0:0::/64");
    expect(ipv6Prefix64("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(ipv6Prefix64("::ffff:192.0.2.1")).toBe("0:0:0:0::/64");
    expect(ipv6Prefix64("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(ipv6Prefix64("not:an:address")).toBeNull();
  });

  it("falls back to one local key without the header", () => {
    expect(clientKey(request())).toBe("local");
  });
});
