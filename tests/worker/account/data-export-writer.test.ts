// The data download's writer (decision 104): a document far larger than one part goes to the bucket in equal 5 MiB
// parts and a last smaller one, byte for byte as written (a multi-byte character split across two parts included),
// and an abandoned one leaves nothing behind.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PART_BYTES, openExportSink, writeArrayMember } from "#worker/account/services/data-export-writer";

describe("the export writer", () => {
  it("writes a document of several parts exactly as its pieces were written", async () => {
    const key = `exports/test/${crypto.randomUUID()}.json`;
    const sink = await openExportSink(env.MEDIA, key);
    // 40 000 items of ~330 bytes each, with Japanese text (3 bytes a character) so part edges fall inside characters.
    const item = (n: number) => ({ n, text: `注文${n} ${"お問い合わせ".repeat(10)} ${"x".repeat(200)}` });
    const count = 40_000;
    await sink.write('{"a":1');
    await writeArrayMember(
      sink,
      "items",
      (function* () {
        for (let n = 0; n < count; n++) yield item(n);
      })(),
    );
    await sink.write("}");
    const size = await sink.finish();
    expect(size).toBeGreaterThan(2 * PART_BYTES);
    const stored = await env.MEDIA.get(key);
    expect(stored?.size).toBe(size);
    const parsed = JSON.parse(await stored!.text()) as { a: number; items: ReturnType<typeof item>[] };
    expect(parsed.a).toBe(1);
    expect(parsed.items).toHaveLength(count);
    expect(parsed.items[count - 1]).toEqual(item(count - 1));
    expect(parsed.items.every((entry, n) => entry.text === item(n).text)).toBe(true);
    await env.MEDIA.delete(key);
  });

  it("writes a small document as one part, and an abandoned one not at all", async () => {
    const key = `exports/test/${crypto.randomUUID()}.json`;
    const small = await openExportSink(env.MEDIA, key);
    await small.write("{}");
    expect(await small.finish()).toBe(2);
    expect(await (await env.MEDIA.get(key))?.text()).toBe("{}");
    await env.MEDIA.delete(key);

    const abandonedKey = `exports/test/${crypto.randomUUID()}.json`;
    const abandoned = await openExportSink(env.MEDIA, abandonedKey);
    await abandoned.write("x".repeat(PART_BYTES + 10));
    await abandoned.abort();
    expect(await env.MEDIA.head(abandonedKey)).toBeNull();
  });
});
