import { afterEach, describe, expect, it, vi } from "vitest";
import { currentToasts, dismissToast, toast, TOAST_REMOVE_DELAY } from "./use-toast";

// useToasts renders currentToasts(), the store's snapshot.

describe("toasts", () => {
  afterEach(() => vi.useRealTimers());

  it("shows one toast at a time: a new one replaces the current one", () => {
    toast({ title: "First" });
    toast({ title: "Second" });
    const shown = currentToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: "Second", open: true });
  });

  it("keeps a dismissed toast closed for 1,000,000 ms, then removes it", () => {
    vi.useFakeTimers();
    const { id } = toast({ title: "Saved" });
    dismissToast(id);
    expect(currentToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
