import { describe, expect, it } from "vitest";
import { nextBeatMs, PRESENCE_BEAT_MS, PRESENCE_WAITING_BEAT_MS } from "./video";

const answer = (doctorPresent: boolean, parentPresent: boolean) => ({
  doctorPresent,
  parentPresent,
  parentSince: null,
});

describe("a video page's beat", () => {
  it("comes every 5 seconds while the other side has not come, so a waiting parent joins soon after the doctor", () => {
    expect(PRESENCE_WAITING_BEAT_MS).toBe(5_000);
    expect(nextBeatMs(answer(false, true), false)).toBe(5_000);
    expect(nextBeatMs(answer(true, false), true)).toBe(5_000);
  });

  it("comes every 20 seconds once both are there", () => {
    expect(PRESENCE_BEAT_MS).toBe(20_000);
    expect(nextBeatMs(answer(true, true), false)).toBe(20_000);
    expect(nextBeatMs(answer(true, true), true)).toBe(20_000);
    // Each side looks only at the other side: a parent page that sees the doctor there beats at the slower pace.
    expect(nextBeatMs(answer(true, false), false)).toBe(20_000);
  });

  it("tries again soon after a missed beat", () => {
    expect(nextBeatMs(undefined, false)).toBe(5_000);
    expect(nextBeatMs(undefined, true)).toBe(5_000);
  });
});
