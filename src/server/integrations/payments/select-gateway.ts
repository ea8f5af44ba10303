import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { createCashfreeGateway } from "./cashfree";
import type { PaymentGateway } from "./gateway";
import { createSimulatorGateway } from "./simulator/simulator-gateway";

/** The gateway the configuration asks for: Cashfree with its keys, else the built-in simulator. */
export function selectPaymentGateway(config: Config, db: Db): PaymentGateway {
  const { provider, cashfree } = config.payments;
  if (provider === "cashfree" && cashfree.appId && cashfree.secretKey) {
    return createCashfreeGateway({
      appId: cashfree.appId,
      secretKey: cashfree.secretKey,
      environment: cashfree.environment,
      ...(cashfree.baseUrl ? { baseUrl: cashfree.baseUrl } : {}),
    });
  }
  return createSimulatorGateway(db);
}
