import type { PaymentVerification } from "@shared/booking";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, errorStatus } from "@/lib/api";

/** GET /api/verify-payment/{orderId}: "3 retries, 1 second apart", so four tries in all. */
export const VERIFY_RETRIES = 3;
export const VERIFY_RETRY_DELAY_MS = 1000;

function isClientError(error: unknown): boolean {
  const status = errorStatus(error);
  return status !== null && status >= 400 && status < 500;
}

/** What became of a payment, as the server learned it from the gateway. */
export function verifyPaymentQuery(orderId: string) {
  return queryOptions({
    queryKey: ["payment", "verify", orderId] as const,
    queryFn: () => apiGet<PaymentVerification>(`/api/verify-payment/${encodeURIComponent(orderId)}`),
    // An unknown order (4xx) stays unknown; only a failure of the network or the server is worth asking again.
    retry: (failures, error) => failures < VERIFY_RETRIES && !isClientError(error),
    retryDelay: VERIFY_RETRY_DELAY_MS,
  });
}
