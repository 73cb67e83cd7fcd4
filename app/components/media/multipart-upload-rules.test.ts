// The pure rules of the browser's multipart upload (app/components/media/multipart-upload-rules.ts, issue 60, decision
// 096): which parts are left and what the finished ones weigh (by the door's own plan), the moving speed and time
// left, when to try again. The engine that asks them is multipart-upload.test.ts's.
import { describe, expect, it } from "vitest";
import { partRange, partsNotIn } from "#worker/media/domain/multipart-plan";
import { bytesOfParts, isRetryable, isRetryableFailure, retryDelay, SpeedMeter } from "./multipart-upload-rules";

describe("part planning", () => {
  // A 12-byte file in 5-byte parts: the door's plan (worker/media/domain/multipart-plan.ts), which the engine asks too.
  const plan = { size: 12, partSize: 5, partCount: 3 };

  it("cuts the file into part-size ranges, the last one shorter", () => {
    expect(partRange(plan, 1)).toEqual({ start: 0, end: 5 });
    expect(partRange(plan, 2)).toEqual({ start: 5, end: 10 });
    expect(partRange(plan, 3)).toEqual({ start: 10, end: 12 });
  });

  it("leaves only the parts the server does not have, in order", () => {
    expect(partsNotIn(5, [])).toEqual([1, 2, 3, 4, 5]);
    expect(partsNotIn(5, [2, 1, 4])).toEqual([3, 5]);
    expect(partsNotIn(3, [1, 2, 3])).toEqual([]);
    // A number the server should never send (out of range, repeated) changes nothing.
    expect(partsNotIn(3, [0, 4, 2, 2])).toEqual([1, 3]);
  });

  it("counts the bytes of finished parts, the short last one by its own size", () => {
    expect(bytesOfParts(plan, [1, 3])).toBe(7);
    expect(bytesOfParts(plan, [1, 1, 9, 0])).toBe(5);
    expect(bytesOfParts(plan, [])).toBe(0);
  });
});

describe("speed and time left", () => {
  it("says nothing until it has a span to measure", () => {
    const meter = new SpeedMeter();
    expect(meter.speed(0)).toBeNull();
    meter.record(0, 0);
    meter.record(100, 1000);
    expect(meter.speed(100)).toBeNull();
    expect(meter.secondsLeft(10_000, 100)).toBeNull();
  });

  it("measures bytes a second over the last five seconds and follows a change of pace", () => {
    const meter = new SpeedMeter(5000);
    for (let t = 0; t <= 10_000; t += 500) meter.record(t, t * 1000); // 1 MB/s
    expect(meter.speed(10_000)).toBeCloseTo(1_000_000, -3);
    for (let t = 10_500; t <= 20_000; t += 500) meter.record(t, 10_000_000 + (t - 10_000) * 250); // 250 kB/s
    expect(meter.speed(20_000)).toBeCloseTo(250_000, -3);
    expect(meter.secondsLeft(1_000_000, 20_000)).toBe(4);
    expect(meter.secondsLeft(0, 20_000)).toBe(0);
  });

  it("slows down when nothing arrives, and forgets a pause", () => {
    const meter = new SpeedMeter(5000);
    meter.record(0, 0);
    meter.record(1000, 1_000_000);
    expect(meter.speed(1000)).toBe(1_000_000);
    // Two seconds with no new bytes: the same bytes over three seconds.
    expect(meter.speed(3000)).toBeCloseTo(333_333, -1);
    meter.reset();
    expect(meter.speed(3000)).toBeNull();
  });
});

describe("retry policy", () => {
  it("tries again after the network, a timeout, a rate limit or a 5xx; a 4xx is final", () => {
    for (const status of [0, 408, 429, 500, 502, 503]) expect(isRetryable(status), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 422]) expect(isRetryable(status), String(status)).toBe(false);
  });

  it("tries again a part that arrived short or whose signed link expired, though the door answered 4xx", () => {
    expect(isRetryableFailure(400, "upload_error_part_incomplete")).toBe(true);
    expect(isRetryableFailure(403, "upload_error_token")).toBe(true);
    expect(isRetryableFailure(400, "upload_error_part_too_large")).toBe(false);
    expect(isRetryableFailure(409, "upload_in_another_tab")).toBe(false);
    expect(isRetryableFailure(503, null)).toBe(true);
  });

  it("backs off exponentially from a second, with jitter, capped at 30 s", () => {
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(0, () => 1)).toBe(1000);
    expect(retryDelay(3, () => 0)).toBe(4000);
    expect(retryDelay(3, () => 1)).toBe(8000);
    expect(retryDelay(10, () => 1)).toBe(30_000);
    expect(retryDelay(10, () => 0)).toBe(15_000);
  });
});
