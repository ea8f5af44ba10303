import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { refundUnansweredUnavailable } from "../features/appointments/service";
import { START_LOOK_BACK_MINUTES, sweep } from "../features/payments/service";
import type { PaymentGateway } from "../integrations/payments/gateway";
import type { ClinicCounters } from "../core/metrics/counters";
import { startPeriodic } from "./periodic";

/**
 * Every HOLD_SWEEP_SECONDS: applies payments the gateway took for holds about to lapse, marks lapsed payment holds
 * expired, follows refunds until the gateway says they are final, and refunds in full the bookings whose parent did
 * not choose another time before the old one, which the doctor could not keep.
 * Reads already ignore lapsed holds, so the sweeper keeps the data tidy rather than deciding availability.
 */
export function startHoldSweeper(deps: {
  db: Db;
  config: Config;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  counters: ClinicCounters;
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
      const unanswered = await refundUnansweredUnavailable({
        ...deps,
        now: new Date(),
        siteUrl: deps.config.publicBaseUrl ?? "",
      });
      if (result.expired > 0 || result.refundsRetried > 0 || result.reconciled > 0 || unanswered > 0)
        deps.log.info({ ...result, unanswered }, "hold sweeper");
    },
    deps.log,
  );
}
