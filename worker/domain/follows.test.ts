import { describe, expect, it } from "vitest";
import { followEvent, isClosedToRequests } from "./follows";

const closed = { isOpen: false, hasRoom: true };
const full = { isOpen: true, hasRoom: false };
const takeable = { isOpen: true, hasRoom: true };
const shut = { isOpen: false, hasRoom: false };

describe("what a follower is told of a creator", () => {
  it("tells of a change to takeable: opened when they had been closed, a slot freed when they had been full", () => {
    expect(followEvent(closed, takeable)).toBe("opened");
    expect(followEvent(shut, takeable)).toBe("opened");
    expect(followEvent(full, takeable)).toBe("slot_freed");
  });

  it("tells nothing when nobody watched before, when still takeable or not, or when they close", () => {
    expect(followEvent(null, takeable)).toBeNull();
    expect(followEvent(takeable, takeable)).toBeNull();
    expect(followEvent(closed, full)).toBeNull();
    expect(followEvent(full, shut)).toBeNull();
    expect(followEvent(takeable, closed)).toBeNull();
    expect(followEvent(takeable, full)).toBeNull();
  });

  it("reads a creator closed to requests when closed or with no free slot", () => {
    expect(isClosedToRequests(takeable)).toBe(false);
    for (const a of [closed, full, shut]) expect(isClosedToRequests(a)).toBe(true);
  });
});
