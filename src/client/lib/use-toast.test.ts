import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, toast, TOAST_REMOVE_DELAY, useToasts } from "./use-toast";

// useToasts is a useSyncExternalStore hook; its snapshot is what the Toaster renders. Read it through a tiny shim.
vi.mock("react", () => ({
  useSyncExternalStore: (_subscribe: unknown, snapshot: () => unknown) => snapshot(),
}));

describe("toasts", () => {
  afterEach(() => vi.useRealTimers());

  it("shows one toast at a time: a new one replaces the current one", () => {
    toast({ title: "First" });
    toast({ title: "Second" });
    const shown = useToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: "Second", open: true });
  });

  it("keeps a dismissed toast closed for 1,000,000 ms, then removes it", () => {
    vi.useFakeTimers();
    const { id } = toast({ title: "Saved" });
    dismissToast(id);
    expect(useToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(useToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToasts()).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
