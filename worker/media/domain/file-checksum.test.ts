import { describe, expect, it } from "vitest";
import { checksumVerdict, hexOf } from "./file-checksum";

const SERVER = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

describe("the browser's claim against the server's hash", () => {
  it("is verified when it is the same 64 hex digits, whatever their case", () => {
    expect(checksumVerdict(SERVER, SERVER)).toBe("verified");
    expect(checksumVerdict(SERVER.toUpperCase(), SERVER)).toBe("verified");
  });

  it("differs otherwise, and when the server's is not a hash at all", () => {
    expect(checksumVerdict("0".repeat(64), SERVER)).toBe("differs");
    expect(checksumVerdict(SERVER, SERVER.toUpperCase())).toBe("differs");
    expect(checksumVerdict("", "")).toBe("differs");
  });

  it("writes a digest as lowercase hex, two digits a byte", () => {
    expect(hexOf(Uint8Array.from([0, 15, 255]).buffer)).toBe("000fff");
  });
});
