import { describe, expect, it } from "vitest";
import { VERIFY_RETRIES, VERIFY_RETRY_DELAY_MS } from "./api";
import { orderIdFromSearch, paymentStatusLabel } from "./verification";

describe("payment verification", () => {
  it("retries three times, one second apart", () => {
    expect(VERIFY_RETRIES).toBe(3);
    expect(VERIFY_RETRY_DELAY_MS).toBe(1000);
  });

  it("reads the order id of the return address", () => {
    expect(orderIdFromSearch("?order_id=order_123")).toBe("order_123");
    expect(orderIdFromSearch("order_id=order_123&x=1")).toBe("order_123");
    expect(orderIdFromSearch("")).toBeUndefined();
    expect(orderIdFromSearch("?order_id=")).toBeUndefined();
  });

  it("names the gateway's states for people", () => {
    expect(paymentStatusLabel("PAID")).toBe("Paid");
    expect(paymentStatusLabel("USER_DROPPED")).toBe("Cancelled at checkout");
    expect(paymentStatusLabel("FAILED")).toBe("Failed");
    expect(paymentStatusLabel("SOMETHING_NEW")).toBe("Something new");
    expect(paymentStatusLabel("")).toBe("Unknown");
  });
});
