import { addMinutes } from "date-fns";
import type { GatewayDiagnostic } from "@shared/admin";
import type { Config } from "../../config";
import { createCashfreeGateway } from "../../integrations/payments/cashfree";

const MISSING_CREDENTIALS_MESSAGE =
  "Cashfree credentials are missing. Set CASHFREE_APP_ID and CASHFREE_SECRET_KEY (and optionally CASHFREE_ENV, which defaults to sandbox).";

/** What the diagnostic page shows about the Cashfree set-up; never a secret, only whether one is present. */
export function gatewayStatus(config: Config): GatewayDiagnostic {
  const { appId, secretKey, environment } = config.payments.cashfree;
  return {
    provider: config.payments.provider,
    isInitialized: config.payments.provider === "cashfree" && Boolean(appId && secretKey),
    environment: environment === "production" ? "PRODUCTION" : "sandbox",
    hasAppId: Boolean(appId),
    hasSecretKey: Boolean(secretKey),
    appIdPrefix: appId ? appId.slice(0, 4) : null,
    testOrderError: null,
    testOrderResult: null,
  };
}

/** Test Connection: a ₹1 order in the configured environment proves the keys and the environment match. */
export async function testGatewayConnection(
  config: Config,
  baseUrl: string,
  contactEmail: string,
  now: Date,
): Promise<GatewayDiagnostic> {
  const status = gatewayStatus(config);
  const { appId, secretKey, environment, baseUrl: apiBaseUrl } = config.payments.cashfree;
  if (!appId || !secretKey) return { ...status, testOrderError: MISSING_CREDENTIALS_MESSAGE };
  const gateway = createCashfreeGateway({
    appId,
    secretKey,
    environment,
    ...(apiBaseUrl ? { baseUrl: apiBaseUrl } : {}),
  });
  const orderId = `diag_${now.getTime()}`;
  try {
    const order = await gateway.createOrder({
      orderId,
      amount: 1,
      currency: "INR",
      customer: { id: "diagnostic", name: "Connection Test", email: contactEmail, phone: "9999999999" },
      returnUrl: `${baseUrl}/admin/cashfree-test`,
      expiresAt: addMinutes(now, 20),
      note: "Connection test from the admin dashboard",
    });
    return {
      ...status,
      testOrderResult: {
        success: true,
        orderId: order.orderId,
        hasPaymentSessionId: Boolean(order.paymentSessionId),
      },
    };
  } catch (error) {
    return { ...status, testOrderError: error instanceof Error ? error.message : String(error) };
  }
}
