import { describe, expect, it } from "vitest";
import { NOTIFICATION_TYPES } from "#worker/db/schema/enums";
import { NOTICES_OF_NO_ORDER, NOTICES_OF_NO_PARTY } from "#worker/domain/notification-kinds";
import { notificationTexts } from "#worker/messages/notifications";

// The edge lookup of worker/messages/notifications.ts: every type has its own texts in both languages, the
// message carries the facts, and a missing text reads 'Unknown' in the viewer's language (spec sections 3 and 8).
const facts = { orderCode: "ABCD2345", counterpartName: "Demo Client" };

describe("notification texts", () => {
  it.each(NOTIFICATION_TYPES)(
    "%s has a title and a message naming the code and the counterpart by display name, in en and ja",
    (type) => {
      for (const locale of ["en", "ja"] as const) {
        const { title, message } = notificationTexts(type, facts, locale);
        expect(title).not.toMatch(/^(Unknown|不明)$/);
        // A notice about the reader alone (their data download) names nobody else.
        if (!NOTICES_OF_NO_PARTY.has(type)) expect(message).toContain("Demo Client");
        // People are named as the lists name them, never by "@handle" (issue 33).
        expect(message).not.toContain("@");
        if (!NOTICES_OF_NO_ORDER.has(type)) expect(message).toContain("ABCD2345");
      }
    },
  );

  it.each([...NOTICES_OF_NO_ORDER])("%s has its message without an order (its row has none)", (type) => {
    for (const locale of ["en", "ja"] as const) {
      const { message } = notificationTexts(type, { orderCode: null, counterpartName: "Demo Creator" }, locale);
      if (NOTICES_OF_NO_PARTY.has(type)) expect(message).not.toMatch(/^(Unknown|不明)?$/);
      else expect(message).toContain("Demo Creator");
    }
  });

  it("reads the titles in the viewer's language", () => {
    expect(notificationTexts("COMMISSION_ORDER_APPROVED", facts, "en").title).toBe("Order accepted");
    expect(notificationTexts("COMMISSION_ORDER_APPROVED", facts, "ja").title).toBe("依頼が承認されました");
  });

  it("reads 'Unknown' for a type without texts", () => {
    expect(notificationTexts("SOMETHING_NEW", facts, "en")).toEqual({ title: "Unknown", message: null });
    expect(notificationTexts("SOMETHING_NEW", facts, "ja")).toEqual({ title: "不明", message: null });
  });
});
