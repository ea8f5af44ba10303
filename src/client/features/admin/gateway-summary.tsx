import { useQuery } from "@tanstack/react-query";
import { ArrowRight, CreditCard } from "lucide-react";
import { Link } from "wouter";
import { credentialsMissing } from "./admin-format";
import { gatewayQuery } from "./api";
import { SectionCard } from "./section-title";

/** The dashboard's line about payments: which gateway takes them, and the way to its diagnostic page. */
export function GatewaySummary() {
  const { data, isError } = useQuery(gatewayQuery());
  const line = isError
    ? "The gateway's status could not be loaded."
    : !data
      ? "Loading…"
      : data.provider === "simulator"
        ? "The built-in simulator: no real money is taken."
        : credentialsMissing(data)
          ? "Cashfree, with its keys missing."
          : `Cashfree, ${data.environment === "PRODUCTION" ? "taking real payments" : "in its sandbox (test payments)"}.`;
  return (
    <SectionCard
      id="gateway-summary-title"
      icon={CreditCard}
      title="Payment Gateway"
      className="flex flex-wrap items-center justify-between gap-3 p-5 sm:p-6"
      headClassName="flex min-w-0 flex-col gap-1"
      intro={
        <p
          className="text-sm text-slate-700"
          data-testid="gateway-summary"
          aria-busy={(!data && !isError) || undefined}
        >
          {line}
        </p>
      }
    >
      <Link
        href="/admin/cashfree-test"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Gateway details
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </SectionCard>
  );
}
