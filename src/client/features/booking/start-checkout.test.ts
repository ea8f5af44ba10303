import type { CreatedOrder } from "@shared/booking";
import { describe, expect, it, vi } from "vitest";
import type { CashfreeCheckoutResult, CashfreeFactory } from "./cashfree-sdk";
import { type CheckoutDeps, startCheckout } from "./start-checkout";

const simulatorOrder: CreatedOrder = {
  orderId: "order_1",
  paymentSessionId: "session_1",
  provider: "simulator",
  mode: "sandbox",
  amount: 2000,
  checkoutUrl: "/payments/simulator/checkout?order_id=order_1",
};
const cashfreeOrder: CreatedOrder = { ...simulatorOrder, provider: "cashfree", checkoutUrl: undefined };

function deps(overrides: Partial<CheckoutDeps> = {}): CheckoutDeps {
  return {
    assign: vi.fn(),
    loadSdk: vi.fn(() => Promise.resolve()),
    getCashfree: () => undefined,
    ...overrides,
  };
}

function cashfreeAnswering(result: Promise<CashfreeCheckoutResult>) {
  const checkout = vi.fn(() => result);
  const factory = vi.fn(() => ({ checkout }));
  return { factory: factory as CashfreeFactory & typeof factory, checkout };
}

describe("starting the checkout", () => {
  it("sends the visitor to the simulator's page in the same window", async () => {
    const d = deps();
    await expect(startCheckout(simulatorOrder, "sandbox", d)).resolves.toEqual({ kind: "redirecting" });
    expect(d.assign).toHaveBeenCalledWith("/payments/simulator/checkout?order_id=order_1");
    expect(d.loadSdk).not.toHaveBeenCalled();
  });

  it("fails when the simulator gave no page", async () => {
    const outcome = await startCheckout({ ...simulatorOrder, checkoutUrl: undefined }, "sandbox", deps());
    expect(outcome.kind).toBe("failed");
  });

  it("opens Cashfree's checkout with the session, the configured mode and a same-window redirect", async () => {
    const { factory, checkout } = cashfreeAnswering(new Promise(() => {}));
    const d = deps({ getCashfree: () => factory });
    void startCheckout(cashfreeOrder, "production", d);
    await vi.waitFor(() => expect(checkout).toHaveBeenCalled());
    expect(factory).toHaveBeenCalledWith({ mode: "production" });
    expect(checkout).toHaveBeenCalledWith({ paymentSessionId: "session_1", redirectTarget: "_self" });
  });

  it("reports a missing SDK when the script does not load or defines nothing", async () => {
    const failedLoad = deps({ loadSdk: () => Promise.reject(new Error("blocked")) });
    await expect(startCheckout(cashfreeOrder, "sandbox", failedLoad)).resolves.toEqual({
      kind: "sdk-missing",
    });
    await expect(startCheckout(cashfreeOrder, "sandbox", deps())).resolves.toEqual({ kind: "sdk-missing" });
  });

  it("reports the checkout's error, whether it rejects or answers with one", async () => {
    const answered = cashfreeAnswering(Promise.resolve({ error: { message: "Session expired" } }));
    await expect(
      startCheckout(cashfreeOrder, "sandbox", deps({ getCashfree: () => answered.factory })),
    ).resolves.toEqual({ kind: "failed", error: { message: "Session expired" } });

    const rejected = cashfreeAnswering(Promise.reject(new Error("network")));
    const outcome = await startCheckout(
      cashfreeOrder,
      "sandbox",
      deps({ getCashfree: () => rejected.factory }),
    );
    expect(outcome).toMatchObject({ kind: "failed" });
  });

  it("treats payment details from an in-page checkout as paid", async () => {
    const paid = cashfreeAnswering(
      Promise.resolve({ paymentDetails: { paymentMessage: "Payment finished" } }),
    );
    await expect(
      startCheckout(cashfreeOrder, "sandbox", deps({ getCashfree: () => paid.factory })),
    ).resolves.toEqual({ kind: "paid" });
  });
});
