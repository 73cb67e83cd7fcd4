// A creator's slots as pure rules (issue 50, decision 091): what a service or the creator reads as (the tighter of the
// overall and the own count; a free slot while anyone waits is the first in line's, not open), who may send a request,
// why a client may not join a line (in the order the door answers), a slot count as a form posts it, and when
// approving one more order takes the creator past their slots.
import { describe, expect, it } from "vitest";
import {
  approvalExceeds,
  joinRefusal,
  mayRequest,
  movesHeldSlots,
  parseSlotCount,
  SLOT_COUNT_MAX,
  type SlotCount,
  type SlotStatus,
  slotStatus,
} from "./slots";

const line = (waiting = 0, closed = false) => ({ waiting, closed });
const count = (slots: number | null, held: number): SlotCount => ({ slots, held });

describe("slotStatus", () => {
  it("no count set, overall or own, is unlimited: the creator takes requests as before, whoever waits", () => {
    expect(slotStatus([], line())).toEqual({ kind: "unlimited" });
    expect(slotStatus([count(null, 7)], line())).toEqual({ kind: "unlimited" });
    expect(slotStatus([count(null, 7), count(null, 2)], line(3, true))).toEqual({ kind: "unlimited" });
  });

  it("counts the open slots of a count, nothing held to all but one held", () => {
    expect(slotStatus([count(3, 0)], line())).toEqual({ kind: "open", open: 3, slots: 3 });
    expect(slotStatus([count(3, 2)], line())).toEqual({ kind: "open", open: 1, slots: 3 });
    expect(slotStatus([count(SLOT_COUNT_MAX, 0)], line())).toEqual({ kind: "open", open: 50, slots: 50 });
  });

  it("every slot held (or more, approved past them) is the waitlist, with how many wait", () => {
    expect(slotStatus([count(3, 3)], line())).toEqual({ kind: "waitlist", waiting: 0 });
    expect(slotStatus([count(3, 5)], line(2))).toEqual({ kind: "waitlist", waiting: 2 });
  });

  it("reads the tighter of the overall and the own count, whichever it is", () => {
    // 1 of a service's own 1 beside 3 of the creator's 3: the service reads "1 of 1".
    expect(slotStatus([count(3, 0), count(1, 0)], line())).toEqual({ kind: "open", open: 1, slots: 1 });
    // The creator's overall count is the tighter: 1 of 3 open though the service's own 5 are free.
    expect(slotStatus([count(3, 2), count(5, 0)], line())).toEqual({ kind: "open", open: 1, slots: 3 });
    // An own count with no limit leaves the overall one.
    expect(slotStatus([count(2, 1), count(null, 0)], line())).toEqual({ kind: "open", open: 1, slots: 2 });
    expect(slotStatus([count(null, 9), count(2, 0)], line())).toEqual({ kind: "open", open: 2, slots: 2 });
    // Either one full is full, though the other has room.
    expect(slotStatus([count(3, 1), count(1, 1)], line(1))).toEqual({ kind: "waitlist", waiting: 1 });
    expect(slotStatus([count(3, 3), count(2, 0)], line())).toEqual({ kind: "waitlist", waiting: 0 });
  });

  it("a slot open while anyone waits is the first in line's: it reads as the waitlist, not open", () => {
    expect(slotStatus([count(3, 1)], line(1))).toEqual({ kind: "waitlist", waiting: 1 });
    expect(slotStatus([count(3, 0), count(1, 0)], line(4))).toEqual({ kind: "waitlist", waiting: 4 });
  });

  it("a closed line with every slot held is full; with a slot free and nobody waiting it is still open", () => {
    expect(slotStatus([count(2, 2)], line(0, true))).toEqual({ kind: "full" });
    expect(slotStatus([count(2, 2)], line(3, true))).toEqual({ kind: "full" });
    expect(slotStatus([count(2, 1)], line(1, true))).toEqual({ kind: "full" });
    expect(slotStatus([count(2, 1)], line(0, true))).toEqual({ kind: "open", open: 1, slots: 2 });
  });
});

describe("mayRequest", () => {
  const statuses: SlotStatus[] = [
    { kind: "unlimited" },
    { kind: "open", open: 1, slots: 3 },
    { kind: "waitlist", waiting: 0 },
    { kind: "waitlist", waiting: 2 },
    { kind: "full" },
  ];

  it("a free slot nobody waits for, or no limit: anyone may ask", () => {
    expect(statuses.map((s) => mayRequest(s, false))).toEqual([true, true, false, false, false]);
  });

  it("the client's own reservation lets them ask whatever the status reads", () => {
    for (const status of statuses) expect(mayRequest(status, true), status.kind).toBe(true);
  });
});

describe("joinRefusal", () => {
  const waitlist: SlotStatus = { kind: "waitlist", waiting: 1 };
  const nobody = { isOwn: false, inLine: false, hasPendingRequest: false };

  it("a client may join a line while every slot is held and the line is open", () => {
    expect(joinRefusal(waitlist, nobody)).toBeNull();
    expect(joinRefusal({ kind: "waitlist", waiting: 0 }, nobody)).toBeNull();
  });

  it("refuses a line with a slot open, or no limit at all, and a closed line", () => {
    expect(joinRefusal({ kind: "open", open: 1, slots: 1 }, nobody)).toBe("waitlist_error_open");
    expect(joinRefusal({ kind: "unlimited" }, nobody)).toBe("waitlist_error_open");
    expect(joinRefusal({ kind: "full" }, nobody)).toBe("waitlist_error_closed");
  });

  it("answers with the first reason of: their own, already in line, a request pending, closed, open", () => {
    const all = { isOwn: true, inLine: true, hasPendingRequest: true };
    for (const status of [{ kind: "full" }, { kind: "open", open: 1, slots: 1 }, waitlist] as SlotStatus[]) {
      expect(joinRefusal(status, all)).toBe("waitlist_error_own");
      expect(joinRefusal(status, { ...all, isOwn: false })).toBe("waitlist_error_already");
      expect(joinRefusal(status, { ...nobody, hasPendingRequest: true })).toBe("waitlist_error_pending");
    }
    expect(joinRefusal({ kind: "full" }, nobody)).toBe("waitlist_error_closed");
  });
});

describe("parseSlotCount", () => {
  it("blank (or only spaces) is no limit", () => {
    expect(parseSlotCount("")).toEqual({ ok: true, slots: null });
    expect(parseSlotCount("   ")).toEqual({ ok: true, slots: null });
  });

  it("takes a whole number from 1 to 50, spaces around it aside", () => {
    expect(parseSlotCount("1")).toEqual({ ok: true, slots: 1 });
    expect(parseSlotCount("50")).toEqual({ ok: true, slots: 50 });
    expect(parseSlotCount(" 3 ")).toEqual({ ok: true, slots: 3 });
    expect(parseSlotCount("\t12\n")).toEqual({ ok: true, slots: 12 });
  });

  it("refuses 0, past 50, fractions, signs, exponents, full-width digits and huge numbers", () => {
    for (const input of [
      "0",
      "51",
      "100",
      "1.5",
      "1.0",
      "-1",
      "+1",
      "1e1",
      "１",
      "３",
      "12345678901234567890",
      "9".repeat(400),
      "abc",
      "1 2",
      "0x10",
    ])
      expect(parseSlotCount(input), JSON.stringify(input)).toEqual({ ok: false, error: "slots_invalid" });
  });
});

describe("approvalExceeds", () => {
  it("warns when any count is already full (or past full), never for no limit", () => {
    expect(approvalExceeds([])).toBe(false);
    expect(approvalExceeds([count(null, 40)])).toBe(false);
    expect(approvalExceeds([count(3, 2)])).toBe(false);
    expect(approvalExceeds([count(3, 3)])).toBe(true);
    expect(approvalExceeds([count(3, 4)])).toBe(true);
    expect(approvalExceeds([count(3, 1), count(1, 1)])).toBe(true);
    expect(approvalExceeds([count(3, 3), count(null, 0)])).toBe(true);
    expect(approvalExceeds([count(3, 2), count(2, 1)])).toBe(false);
  });
});

describe("an order's move that may change the slots held", () => {
  it("is an approval, an end of a held order, or a request answered; not a move within holding or within ended", () => {
    expect(movesHeldSlots("DRAFT", "APPROVED")).toBe(true);
    expect(movesHeldSlots("APPROVED", "CANCELED")).toBe(true);
    expect(movesHeldSlots("DELIVERED", "COMPLETED")).toBe(true);
    // A request declined: the waitlist place it was sent from stops holding its slot.
    expect(movesHeldSlots("DRAFT", "CANCELED")).toBe(true);
    expect(movesHeldSlots("APPROVED", "DELIVERED")).toBe(false);
    expect(movesHeldSlots("APPROVED", "APPROVED")).toBe(false);
    expect(movesHeldSlots("COMPLETED", "COMPLETED")).toBe(false);
  });
});
