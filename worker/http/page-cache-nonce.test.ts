// A cached page's nonce, rewritten in its bytes (page-cache.ts): every script's nonce becomes the hit's own, the text
// around it (Japanese included) is left byte for byte, and a nonce of another length is refused rather than spliced.
import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { replaceNonceInPlace } from "./page-cache";
import { createCspNonce } from "./security-headers";

const page = (nonce: string) =>
  `<!doctype html><html lang="ja"><head><script nonce="${nonce}">a()</script><link rel="stylesheet" nonce=""></head>` +
  `<body><p>クリエイターの承認待ち — ¥30,000</p><script nonce="${nonce}">b()</script><p>${nonce}</p></body></html>`;

describe("replaceNonceInPlace", () => {
  it("writes the hit's nonce over each of the stored one's attributes, and nothing else", () => {
    const [stored, own] = [createCspNonce(), createCspNonce()];
    const bytes = Buffer.from(page(stored));
    expect(replaceNonceInPlace(bytes, stored, own)).toBe(true);
    // The nonce as page text (not an attribute) is not a nonce: it stays.
    expect(bytes.toString("utf8")).toBe(page(own).replace(`<p>${own}</p>`, `<p>${stored}</p>`));
  });

  it("refuses a nonce of another length and leaves the page as it was", () => {
    const stored = createCspNonce();
    const bytes = Buffer.from(page(stored));
    expect(replaceNonceInPlace(bytes, stored, "short")).toBe(false);
    expect(bytes.toString("utf8")).toBe(page(stored));
  });
});
