/**
 * Cashfree's browser SDK v3, loaded only when a visitor pays (design: no third-party script on other pages).
 * The types cover the part of the SDK this site calls.
 */
const CASHFREE_SDK_URL = "https://sdk.cashfree.com/js/v3/cashfree.js";

interface CashfreeCheckoutOptions {
  paymentSessionId: string;
  redirectTarget?: "_self" | "_blank" | "_top" | "_modal" | HTMLElement;
}

export interface CashfreeCheckoutResult {
  error?: { message?: string; code?: string; type?: string };
  redirect?: boolean;
  paymentDetails?: { paymentMessage?: string };
}

export interface CashfreeInstance {
  checkout(options: CashfreeCheckoutOptions): Promise<CashfreeCheckoutResult>;
}

export type CashfreeFactory = (options: { mode: "sandbox" | "production" }) => CashfreeInstance;

declare global {
  interface Window {
    Cashfree?: CashfreeFactory;
  }
}

let loading: Promise<void> | undefined;

/** Adds the SDK's script once; a failed load is forgotten so that the next attempt tries again. */
export function loadCashfreeSdk(): Promise<void> {
  if (window.Cashfree) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CASHFREE_SDK_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error("The Cashfree payment SDK could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function getCashfree(): CashfreeFactory | undefined {
  return window.Cashfree;
}
