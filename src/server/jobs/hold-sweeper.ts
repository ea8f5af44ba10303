import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { START_LOOK_BACK_MINUTES, sweep } from "../features/payments/service";
import type { PaymentGateway } from "../integrations/payments/gateway";
import { startPeriodic } from "./periodic";

/**
 * Every HOLD_SWEEP_SECONDS: applies payments the gateway took for holds about to lapse, marks lapsed payment holds
 * expired, and follows refunds until the gateway says they are final.
 * Reads already ignore lapsed holds, so the sweeper keeps the data tidy rather than deciding availability.
 */
export function startHoldSweeper(deps: {
  db: Db;
  config: Config;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}): () => void {
  // The first sweep after a start also asks about payments made while the site was down.
  let first = true;
  return startPeriodic(
    "hold sweeper",
    deps.config.booking.sweepSeconds * 1000,
    async () => {
      const result = await sweep(
        { ...deps, now: new Date() },
        first ? { lookBackMinutes: START_LOOK_BACK_MINUTES } : {},
      );
      first = false;
      if (result.expired > 0 || result.refundsRetried > 0 || result.reconciled > 0)
        deps.log.info(result, "hold sweeper");
    },
    deps.log,
  );
}
