import { describe, expect, it } from "vitest";
import { asciiFallbackName, contentDisposition, downloadName, isInlineType } from "./content-disposition";

const KEY = "0f0e0d0c-0b0a-4909-8807-060504030201";

/** What a browser does with filename*: the RFC 5987 value, percent-decoded as UTF-8. */
const decodedExtValue = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(header)![1]);
const plainValue = (header: string) => /filename="([^"]*)"/.exec(header)![1];

describe("contentDisposition", () => {
  it("a Japanese name: filename* carries it whole in UTF-8, the ASCII fallback keeps its extension", () => {
    const header = contentDisposition({
      contentType: "application/zip",
      name: "納品データ_最終.zip",
      fileName: `${KEY}.zip`,
    });
    expect(header).toBe(
      `attachment; filename="download.zip"; filename*=UTF-8''%E7%B4%8D%E5%93%81%E3%83%87%E3%83%BC%E3%82%BF_%E6%9C%80%E7%B5%82.zip`,
    );
    expect(decodedExtValue(header)).toBe("納品データ_最終.zip");
  });

  it("a mixed name keeps its ASCII in the fallback, each run of other characters one _", () => {
    const header = contentDisposition({
      contentType: "image/vnd.adobe.photoshop",
      name: "Mika 立ち絵 v2.psd",
      fileName: `${KEY}.psd`,
    });
    expect(plainValue(header)).toBe("Mika _ v2.psd");
    expect(decodedExtValue(header)).toBe("Mika 立ち絵 v2.psd");
  });

  it("quotes, backslashes, % and controls never reach the header; bidi overrides are dropped", () => {
    const header = contentDisposition({
      contentType: "application/zip",
      name: 'a"b\\c%41\r\nd\u202Egpj.zip',
      fileName: `${KEY}.zip`,
    });
    expect(header).not.toMatch(/[\r\n\u202E]/);
    expect(plainValue(header)).toBe("a_b_c_41dgpj.zip");
    // In filename* a quote is %22, harmless: only the backslash (a path separator somewhere) is replaced.
    expect(decodedExtValue(header)).toBe('a"b_c%41dgpj.zip');
    // The quoted value holds no quote or backslash of its own: one pair of quotes around it.
    expect(header.match(/"/g)).toHaveLength(2);
  });

  it("no name, or one that cleans to nothing: the stored key's file name", () => {
    for (const name of [null, undefined, "", " \u202E ", "..."]) {
      expect(contentDisposition({ contentType: "model/gltf-binary", name, fileName: `${KEY}.glb` })).toBe(
        `attachment; filename="${KEY}.glb"; filename*=UTF-8''${KEY}.glb`,
      );
    }
  });

  it("inline only for pictures, sounds and videos a browser shows; PSD, models, archives and PDFs are saved", () => {
    const inline = ["image/jpeg", "image/png", "image/gif", "image/webp", "audio/mpeg", "audio/wav", "video/mp4"];
    const saved = [
      "image/vnd.adobe.photoshop",
      "image/x-photoshop",
      "application/zip",
      "application/x-7z-compressed",
      "application/pdf",
      "model/gltf-binary",
      "model/vrm",
      "application/x-blender",
      "application/octet-stream",
      "audio/aiff",
      "text/html",
      "",
    ];
    for (const type of inline) expect([type, isInlineType(type)]).toEqual([type, true]);
    for (const type of saved) expect([type, isInlineType(type)]).toEqual([type, false]);
    expect(isInlineType("Image/PNG; foo=bar")).toBe(true);
    expect(contentDisposition({ contentType: "image/png", name: "final.png", fileName: `${KEY}.png` })).toBe(
      `inline; filename="final.png"; filename*=UTF-8''final.png`,
    );
  });
});

describe("downloadName", () => {
  it("keeps a name whose extension is the stored kind's, or one of its other spellings", () => {
    expect(downloadName("photo.JPEG", "x.jpg", "jpg")).toBe("photo.JPEG");
    expect(downloadName("avatar.vrm", "x.glb", "glb")).toBe("avatar.vrm");
    expect(downloadName("stems.wav", "x.wav", "wav")).toBe("stems.wav");
    expect(downloadName("painting.kra", "x.zip", "zip")).toBe("painting.kra");
    expect(downloadName("sketch.procreate", "x.zip", "zip")).toBe("sketch.procreate");
  });

  it("adds the stored kind's extension to a name that claims another, or none", () => {
    expect(downloadName("notes.html", "x.zip", "zip")).toBe("notes.html.zip");
    expect(downloadName("README", "x.pdf", "pdf")).toBe("README.pdf");
    expect(downloadName("a/b\\c.zip", "x.zip", "zip")).toBe("a_b_c.zip");
  });

  it("keeps a surrogate pair whole and drops a lone one", () => {
    expect(downloadName("🎨 final.png", "x.png", "png")).toBe("🎨 final.png");
    expect(downloadName("a\ud800b.png", "x.png", "png")).toBe("ab.png");
  });
});

describe("asciiFallbackName", () => {
  it("printable ASCII only", () => {
    expect(asciiFallbackName("café.zip")).toBe("caf_.zip");
    expect(asciiFallbackName("最終.zip")).toBe("download.zip");
    expect(asciiFallbackName("最終")).toBe("download");
    expect(asciiFallbackName("最終.圧縮")).toBe("download");
  });
});
