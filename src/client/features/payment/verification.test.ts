import { describe, expect, it } from "vitest";
import { VERIFY_RETRIES, VERIFY_RETRY_DELAY_MS } from "./api";
import english from "@shared/i18n/catalogues/en/booking.json";
import kannada from "@shared/i18n/catalogues/kn/booking.json";
import { orderIdFromSearch, paymentStatusLabel } from "./verification";

const sayIn = (catalogue: Record<string, string>) => (key: string) =>
  catalogue[`payment.status.${key}`] ?? "";

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
    const say = sayIn(english);
    expect(paymentStatusLabel("PAID", say)).toBe("Paid");
    expect(paymentStatusLabel("USER_DROPPED", say)).toBe("Cancelled at checkout");
    expect(paymentStatusLabel("termination_requested", say)).toBe("Terminated");
    expect(paymentStatusLabel("FAILED", say)).toBe("Failed");
    expect(paymentStatusLabel("SOMETHING_NEW", say)).toBe("Something new");
    expect(paymentStatusLabel("", say)).toBe("Unknown");
    expect(paymentStatusLabel("USER_DROPPED", sayIn(kannada))).toBe("ಪಾವತಿ ಪುಟದಲ್ಲಿ ರದ್ದಾಗಿದೆ");
  });
});
