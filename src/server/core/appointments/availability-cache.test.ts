import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import { availabilityChanged, cachedAvailability } from "./availability-cache";

const db = {} as Db;
const otherDb = {} as Db;

describe("cachedAvailability", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shares one computation between the requests of one second, and computes again after it", async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    const compute = vi.fn(async () => ({ free: 3 }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cachedAvailability(db, "month 2026-12 1000", compute)),
    );
    expect(answers.every((answer) => answer.free === 3)).toBe(true);
    expect(compute).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_001_001);
    await cachedAvailability(db, "month 2026-12 1000", compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("drops what it kept when a write may have changed the free slots", async () => {
    const compute = vi.fn(async () => ({ free: 1 }));
    await cachedAvailability(db, "date 2026-12-01 5", compute);
    availabilityChanged();
    await cachedAvailability(db, "date 2026-12-01 5", compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("keeps each database's answers apart, and does not keep a failure", async () => {
    const first = vi.fn(async () => "first");
    const second = vi.fn(async () => "second");
    expect(await cachedAvailability(db, "same key", first)).toBe("first");
    expect(await cachedAvailability(otherDb, "same key", second)).toBe("second");
    const failing = vi.fn(async () => {
      throw new Error("database down");
    });
    await expect(cachedAvailability(db, "failing", failing)).rejects.toThrow("database down");
    await expect(cachedAvailability(db, "failing", failing)).rejects.toThrow("database down");
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
