// The name a file is shown by (issue 59, file-names.ts): the text rules applied to the uploader's file name, cleaned
// rather than refused, wherever a file's name is taken.
import { describe, expect, it } from "vitest";
import { fileNameOf } from "./file-names";
import { MEDIA_FILE_NAME_MAX } from "./media-limits";
import { answerFileName } from "../../orders/domain/order-request";
import { previewFileName } from "../../orders/domain/stage-previews";
import { hasUnstorableCharacters } from "../../domain/text";

describe("a file's name", () => {
  it("keeps what a person named it, in NFC", () => {
    expect(fileNameOf("sketch v2.png", "x.png")).toBe("sketch v2.png");
    expect(fileNameOf("  がく\u304B\u3099.png ", "x.png")).toBe("がくが.png");
    expect(fileNameOf("family 👨‍👩‍👧.jpg", "x.png")).toBe("family 👨‍👩‍👧.jpg");
    expect(fileNameOf("مرحبا.png", "x.png")).toBe("مرحبا.png");
  });

  it("drops NUL, control characters and lone surrogates, which no field stores", () => {
    expect(fileNameOf("a\u0000b\u0007c\u001B[31m\u007F\u0085.png", "x.png")).toBe("abc[31m.png");
    expect(fileNameOf("bad\uD800.png", "x.png")).toBe("bad.png");
    expect(fileNameOf("\uDC00bad.png", "x.png")).toBe("bad.png");
    expect(fileNameOf("😀\uD83D.png", "x.png")).toBe("😀.png");
    for (const given of ["a\u0000", "b\uD800", "\uDFFFc", "d\u0085"])
      expect(hasUnstorableCharacters(fileNameOf(given, "x.png"))).toBe(false);
  });

  it("drops bidirectional controls, so a name cannot disguise its end", () => {
    // "invoice\u202Efdp.exe" shows as "invoiceexe.pdf".
    expect(fileNameOf("invoice\u202Efdp.exe", "x.png")).toBe("invoicefdp.exe");
    expect(fileNameOf("\u2066a\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D.png", "x.png")).toBe("a.png");
  });

  it("makes line breaks and tabs one space, and cuts at 255 characters", () => {
    expect(fileNameOf("two\r\nlines\t\there.png", "x.png")).toBe("two lines here.png");
    expect(fileNameOf("😀".repeat(300), "x.png")).toBe("😀".repeat(MEDIA_FILE_NAME_MAX));
    expect(fileNameOf(`${"a".repeat(254)} b`, "x.png")).toBe("a".repeat(254));
  });

  it("is the stored file's when nothing shows", () => {
    for (const blank of [null, undefined, "", "   ", "\u0000\u202E", "\u200B\uFEFF", "\uD800"])
      expect(fileNameOf(blank, "3f2a.png")).toBe("3f2a.png");
    expect(fileNameOf("\u0000", null)).toBeNull();
  });

  it("is the rule of a request's answer files and a stage's previews too", () => {
    expect(answerFileName("ref\u202Egnp.exe\u0000", "k.png")).toBe("refgnp.exe");
    expect(answerFileName("\uD800", "k.png")).toBe("k.png");
    expect(previewFileName("wip\u202E\uDC00.png", "k.png")).toBe("wip.png");
  });
});
