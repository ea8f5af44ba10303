import { describe, expect, it } from "vitest";
import { deliveryRefreshMs } from "./delivery-refresh";

const at = Date.parse("2026-12-01T10:00:00Z");
const queued = (status: string, secondsBefore: number) => ({
  status,
  createdAt: new Date(at - secondsBefore * 1000).toISOString(),
});

describe("how soon the Prescription tab asks again about a message to the parent", () => {
  it("asks every 2 seconds in the first minute of a message on its way, then every 10", () => {
    expect(deliveryRefreshMs([queued("pending", 5)], at)).toBe(2_000);
    expect(deliveryRefreshMs([queued("processing", 59)], at)).toBe(2_000);
    expect(deliveryRefreshMs([queued("pending", 61)], at)).toBe(10_000);
    expect(deliveryRefreshMs([queued("pending", 600), queued("pending", 1)], at)).toBe(2_000);
  });

  it("stops asking once every message has an outcome", () => {
    expect(
      deliveryRefreshMs([queued("sent", 5), queued("failed", 5), queued("written_to_file", 1)], at),
    ).toBe(false);
    expect(deliveryRefreshMs([], at)).toBe(false);
  });
});
