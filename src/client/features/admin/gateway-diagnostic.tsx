import { serverMessage } from "@/lib/api";
import type { GatewayDiagnostic } from "@shared/admin";
import { mapError } from "@shared/error-mapper";
import { useMutation, useQuery } from "@tanstack/react-query";
import {
  AlertTriangle,
  ArrowLeft,
  CheckCircle2,
  CreditCard,
  FlaskConical,
  MinusCircle,
  PlugZap,
  XCircle,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Detail } from "@/components/ui/detail";
import { LoadFailed } from "@/components/ui/load-failed";
import { Loading } from "@/components/ui/loading";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { queryClient } from "@/lib/query-client";
import { credentialsMissing, MISSING_CREDENTIALS_MESSAGE } from "./admin-format";
import { adminKeys, gatewayQuery, testGateway } from "./api";
import { SectionCard } from "./section-title";

/** The payment gateway diagnostic: are the credentials there, and does the gateway accept them? */
export function GatewayDiagnosticPanel() {
  const status = useQuery(gatewayQuery());

  const test = useMutation({
    mutationFn: testGateway,
    onSuccess: (result) => queryClient.setQueryData(adminKeys.gateway, result),
  });

  const diagnostic = test.data ?? status.data;
  const simulator = diagnostic?.provider === "simulator";
  // With the simulator and no keys there is nothing to test: the test asks Cashfree to accept the keys.
  const canTest = !simulator || (diagnostic !== undefined && !credentialsMissing(diagnostic));

  return (
    <div className="flex flex-col gap-6">
      {simulator && <SimulatorNotice />}
      <SectionCard
        id="gateway-status-title"
        icon={CreditCard}
        title="Configuration"
        className="flex flex-col gap-4 p-5 sm:p-6"
      >
        {status.isPending ? (
          <Loading label="Loading the gateway status…" className="flex flex-col gap-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-3/5" />
          </Loading>
        ) : !diagnostic ? (
          <LoadFailed onRetry={() => void status.refetch()}>
            The gateway status could not be loaded.
          </LoadFailed>
        ) : (
          <>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
              <Row label="Payments go through">
                <Badge variant={simulator ? "outline" : "default"}>
                  {simulator ? "Built-in simulator" : "Cashfree"}
                </Badge>
              </Row>
              <YesNoRow label="Initialized" value={diagnostic.isInitialized} neutral={simulator} />
              <Row label="Environment">
                <Badge variant={diagnostic.environment === "PRODUCTION" ? "default" : "secondary"}>
                  {diagnostic.environment}
                </Badge>
              </Row>
              <YesNoRow label="App ID present" value={diagnostic.hasAppId} neutral={simulator} />
              <YesNoRow label="Secret Key present" value={diagnostic.hasSecretKey} neutral={simulator} />
              <Row label="App ID prefix">
                {diagnostic.appIdPrefix ? (
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">
                    {diagnostic.appIdPrefix}
                  </code>
                ) : (
                  <span className="text-slate-600">None</span>
                )}
              </Row>
            </dl>
            {credentialsMissing(diagnostic) && !simulator && (
              <div
                role="note"
                className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
              >
                <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
                <p>{MISSING_CREDENTIALS_MESSAGE}</p>
              </div>
            )}
          </>
        )}
      </SectionCard>

      <SectionCard
        id="gateway-test-title"
        icon={PlugZap}
        title="Test order"
        className="flex flex-col gap-4 p-5 sm:p-6"
        headClassName="flex flex-col gap-1"
        intro={
          <p className="text-sm text-slate-600">
            Test Connection asks the gateway to create a ₹1 order with these credentials. Nobody is charged;
            the order simply expires unpaid.
          </p>
        }
      >
        {canTest ? (
          <>
            <Button className="self-start" disabled={test.isPending} onClick={() => test.mutate()}>
              <PlugZap aria-hidden="true" />
              {test.isPending ? "Testing..." : "Test Connection"}
            </Button>
            <div aria-live="polite">
              <TestOutcome result={test.data} requestError={test.error} pending={test.isPending} />
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-700">
            There are no Cashfree keys to test yet. Once CASHFREE_APP_ID and CASHFREE_SECRET_KEY are set, Test
            Connection checks that Cashfree accepts them.
          </p>
        )}
      </SectionCard>

      <Button asChild variant="link" className="self-start px-0">
        <Link href="/admin">
          <ArrowLeft aria-hidden="true" />
          Back to the dashboard
        </Link>
      </Button>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Detail term={label} termClassName="font-medium text-slate-700" className="text-slate-900">
      {children}
    </Detail>
  );
}

const ANSWERS = {
  yes: { word: "Yes", Icon: CheckCircle2, color: "text-emerald-800" },
  no: { word: "No", Icon: XCircle, color: "text-red-700" },
  harmlessNo: { word: "No", Icon: MinusCircle, color: "text-slate-700" },
};

/**
 * A row whose value is Yes in green, or No in red; No is grey where nothing is wrong with it (`neutral`: the
 * simulator needs no keys).
 */
function YesNoRow({ label, value, neutral }: { label: string; value: boolean; neutral: boolean }) {
  const { word, Icon, color } = value ? ANSWERS.yes : neutral ? ANSWERS.harmlessNo : ANSWERS.no;
  return (
    <Row label={label}>
      <span className={cn("inline-flex items-center gap-1.5 font-medium", color)}>
        <Icon className="size-4" aria-hidden="true" />
        {word}
      </span>
    </Row>
  );
}

/** What the simulator is, what it means for parents and the doctor, and which settings switch Cashfree on. */
function SimulatorNotice() {
  const code = "rounded bg-white px-1 py-0.5 font-mono text-[0.8125rem] text-slate-900";
  return (
    <SectionCard
      id="simulator-title"
      icon={FlaskConical}
      title="Payments currently go through the built-in simulator"
      className="flex flex-col gap-3 border-brand-200 bg-brand-50 p-5 sm:p-6"
    >
      <p className="text-sm text-slate-800">
        Parents pay on a test checkout page of this site instead of Cashfree&apos;s. No card is charged and no
        money reaches you, but the bookings are real: they are confirmed, the messages go out and the video
        room opens. It is meant for trying the site; switch to Cashfree before taking real bookings.
      </p>
      <p className="text-sm font-medium text-slate-900">
        To take payments with Cashfree, set these and restart the server:
      </p>
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-800">
        <li>
          <code className={code}>CASHFREE_APP_ID</code> and <code className={code}>CASHFREE_SECRET_KEY</code>:
          from the API keys page of the Cashfree dashboard;
        </li>
        <li>
          <code className={code}>CASHFREE_ENV=production</code> to take real money (the default,{" "}
          <code className={code}>sandbox</code>, takes test payments);
        </li>
        <li>
          <code className={code}>PUBLIC_BASE_URL</code>: the site&apos;s address, where Cashfree sends parents
          back after paying;
        </li>
        <li>
          <code className={code}>PAYMENT_PROVIDER</code> unset, or <code className={code}>cashfree</code> (
          <code className={code}>simulator</code> keeps the simulator even with the keys set).
        </li>
      </ul>
    </SectionCard>
  );
}

interface TestOutcomeProps {
  result: GatewayDiagnostic | undefined;
  requestError: Error | null;
  pending: boolean;
}

function TestOutcome({ result, requestError, pending }: TestOutcomeProps) {
  if (pending) return null;
  const failure =
    requestError !== null
      ? (serverMessage(requestError) ?? mapError(requestError).message)
      : result && !result.testOrderResult?.success
        ? (result.testOrderError ?? "The gateway did not create the test order.")
        : null;

  if (failure !== null) {
    return (
      <div
        role="alert"
        className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
      >
        <XCircle className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold">Test Order Failed</p>
          <p className="break-words">{failure}</p>
        </div>
      </div>
    );
  }
  const order = result?.testOrderResult;
  if (!order) {
    return <p className="text-sm text-slate-600">No test order has been made yet.</p>;
  }
  return (
    <div className="flex gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950">
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">Credentials Valid!</p>
        <p className="break-words">
          Test order <code className="font-mono">{order.orderId}</code> was created
          {order.hasPaymentSessionId ? " with a payment session." : ", but without a payment session."}
        </p>
      </div>
    </div>
  );
}
