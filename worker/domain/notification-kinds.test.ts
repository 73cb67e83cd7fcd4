import { describe, expect, it } from "vitest";
import en from "#messages/notifications/en.json";
import { NOTIFICATION_TYPES } from "../db/schema/enums";
import {
  NOTIFICATION_EMAIL_GROUPS,
  NOTIFICATION_KINDS,
  notificationKind,
  notificationMessage,
  UNKNOWN_NOTIFICATION_KIND,
} from "./notification-kinds";

describe("notification kinds", () => {
  it.each(NOTIFICATION_TYPES)("%s has an icon, a colour, and title and message keys that exist", (type) => {
    const kind = NOTIFICATION_KINDS[type];
    expect(kind.icon).toBeTruthy();
    expect(kind.colour).toBeTruthy();
    expect(en).toHaveProperty(kind.titleKey);
    expect(en).toHaveProperty(kind.messageKey);
    expect(en).toHaveProperty(kind.emailLabelKey);
  });

  it("offers every type once among the e-mail choices", () => {
    expect(NOTIFICATION_EMAIL_GROUPS.flatMap((g) => g.types).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it("gives a type this build does not know the 'Unknown' kind, and no message", () => {
    expect(notificationKind("SOMETHING_NEW")).toBe(UNKNOWN_NOTIFICATION_KIND);
    expect(notificationMessage("SOMETHING_NEW", { orderCode: "ABCD2345", counterpartName: "someone" })).toBeNull();
  });

  it("names the order code and the counterpart, and has no message when either is missing", () => {
    const facts = { orderCode: "ABCD2345", counterpartName: "Demo Client" };
    expect(notificationMessage("COMMISSION_ORDER_PAID", facts)).toEqual({
      key: "notification_order_paid_message",
      params: { code: "ABCD2345", counterpart: "Demo Client" },
    });
    expect(notificationMessage("COMMISSION_ORDER_PAID", { ...facts, counterpartName: null })).toBeNull();
    expect(notificationMessage("COMMISSION_ORDER_PAID", { ...facts, orderCode: null })).toBeNull();
    // An invitation is about a person, not an order.
    expect(notificationMessage("INVITE_ORDER_COMPLETED", { ...facts, orderCode: null })?.key).toBe(
      "notification_invite_completed_message",
    );
    // A data download is about the reader alone: its message names neither an order nor anyone else.
    expect(notificationMessage("DATA_EXPORT_READY", { orderCode: null, counterpartName: null })?.key).toBe(
      "notification_data_export_ready_message",
    );
  });
});
