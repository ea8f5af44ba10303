import type { CreatedOrder, PublicConfig } from "@shared/booking";
import type { CashfreeFactory } from "./cashfree-sdk";

/**
 * Starts the payment of an order: the built-in simulator's page, or Cashfree's checkout in the same window
 *. What the visitor sees for each outcome is decided by the caller.
 */
type CheckoutOutcome =
  /** The browser is leaving for the checkout page; nothing more to do here. */
  | { kind: "redirecting" }
  /** A modal checkout finished with a payment (Cashfree's in-page flows). */
  | { kind: "paid" }
  /** The SDK could not be loaded or is absent. */
  | { kind: "sdk-missing" }
  | { kind: "failed"; error: unknown };

export interface CheckoutDeps {
  assign: (url: string) => void;
  loadSdk: () => Promise<void>;
  getCashfree: () => CashfreeFactory | undefined;
}

export async function startCheckout(
  order: CreatedOrder,
  mode: PublicConfig["paymentMode"],
  deps: CheckoutDeps,
): Promise<CheckoutOutcome> {
  if (order.provider === "simulator") {
    if (!order.checkoutUrl)
      return { kind: "failed", error: new Error("The payment page address is missing") };
    deps.assign(order.checkoutUrl);
    return { kind: "redirecting" };
  }

  try {
    await deps.loadSdk();
  } catch {
    return { kind: "sdk-missing" };
  }
  const cashfree = deps.getCashfree();
  if (!cashfree) return { kind: "sdk-missing" };

  try {
    const result = await cashfree({ mode }).checkout({
      paymentSessionId: order.paymentSessionId,
      redirectTarget: "_self",
    });
    if (result.error) return { kind: "failed", error: result.error };
    if (result.paymentDetails) return { kind: "paid" };
    return { kind: "redirecting" };
  } catch (error) {
    return { kind: "failed", error };
  }
}
