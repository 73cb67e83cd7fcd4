// The licence changed by agreement (issue 63): what a request asks for, when it is no change, what an answer leaves,
// and the stored request read back. The rows that ask and answer are tested with the process table
// (order-process.test.ts).
import { describe, expect, it } from "vitest";
import { PERSONAL, type Licence } from "./licence";
import {
  acceptedLicence,
  askedLicence,
  hasPendingLicenceRequest,
  licenceRequestError,
  parseLicenceRequest,
  withLicenceRequest,
} from "./licence-change";

const T0 = Date.UTC(2026, 10, 1);
const GOODS_AND_STREAMING: Licence = { scope: "commercial", uses: ["streaming", "goods"] };

describe("a request to change the licence", () => {
  it("asks for what the tags grant together, as a request's picks do; nothing or a stray tag asks for nothing", () => {
    expect(askedLicence(["goods", "streaming"])).toEqual(GOODS_AND_STREAMING);
    expect(askedLicence(["personal", "advertising"])).toEqual({ scope: "commercial", uses: ["advertising"] });
    expect(askedLicence(["streaming", "exclusive"])).toEqual({ scope: "exclusive" });
    expect(askedLicence(["personal"])).toEqual(PERSONAL);
    expect(askedLicence([])).toBeNull();
    expect(askedLicence(["streaming", "printing"])).toBeNull();
    expect(askedLicence([7])).toBeNull();
  });

  it("is refused when it names the licence the order has, in whatever order its uses come", () => {
    expect(
      licenceRequestError({ licence: GOODS_AND_STREAMING }, { scope: "commercial", uses: ["goods", "streaming"] }),
    ).toBe("licence_unchanged");
    expect(licenceRequestError({ licence: PERSONAL }, PERSONAL)).toBe("licence_unchanged");
    expect(licenceRequestError({ licence: PERSONAL }, GOODS_AND_STREAMING)).toBeNull();
    // An order from before licences has none: any licence asked for is a change.
    expect(licenceRequestError({ licence: null }, PERSONAL)).toBeNull();
    expect(licenceRequestError({}, PERSONAL)).toBeNull();
  });

  it("waits until answered: accepted, the licence is the one asked for and nothing waits", () => {
    const asked = withLicenceRequest({ licence: PERSONAL }, GOODS_AND_STREAMING, T0);
    expect(hasPendingLicenceRequest(asked)).toBe(true);
    expect(asked).toEqual({ licence: PERSONAL, licenceRequest: { licence: GOODS_AND_STREAMING, requestedAt: T0 } });
    expect(acceptedLicence(asked)).toEqual({ licence: GOODS_AND_STREAMING, licenceRequest: null });
    expect(hasPendingLicenceRequest(acceptedLicence(asked))).toBe(false);
    // Nothing waiting, an accept leaves the licence as it is.
    expect(acceptedLicence({ licence: PERSONAL, licenceRequest: null })).toEqual({
      licence: PERSONAL,
      licenceRequest: null,
    });
  });

  it("is stored as JSON and read back; junk reads as none", () => {
    const request = { licence: GOODS_AND_STREAMING, requestedAt: T0 };
    expect(parseLicenceRequest(JSON.stringify(request))).toEqual(request);
    for (const junk of [
      null,
      "",
      "not json",
      "null",
      JSON.stringify({ licence: GOODS_AND_STREAMING }),
      JSON.stringify({ licence: { scope: "everything" }, requestedAt: T0 }),
      JSON.stringify({ licence: GOODS_AND_STREAMING, requestedAt: 1.5 }),
    ])
      expect(parseLicenceRequest(junk), String(junk)).toBeNull();
  });
});
