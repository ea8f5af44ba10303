import { formatRupees, type PaymentVerification } from "@shared/booking";
import { DEFAULT_POLICY } from "@shared/cancellation-policy";
import { FocusHeading } from "@/components/ui/focus-heading";
import { slotLabel } from "@shared/slots";
import { useQuery } from "@tanstack/react-query";
import {
  BellRing,
  CalendarPlus,
  CalendarX2,
  CircleAlert,
  CircleCheckBig,
  CircleX,
  Clock,
  LifeBuoy,
  LoaderCircle,
  Mail,
  RotateCcw,
  TriangleAlert,
  Video,
} from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { PageShell } from "@/components/layout/page-shell";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Detail } from "@/components/ui/detail";
import { HomeButton } from "@/components/ui/home-button";
import { formatLongDateWithWeekday } from "@/lib/format";
import { clearSavedBooking, forgetPayment } from "@/features/booking/booking-session";
import { leadTimeText, opensAtText } from "@/lib/room-window";
import { slotStart } from "@shared/clinic-time";
import { openBooking } from "@/lib/dialogs";
import { publicConfigQuery } from "@/lib/public-config";
import { verifyPaymentQuery } from "@/features/payment/api";
import { orderIdFromSearch, paymentStatusLabel } from "@/features/payment/verification";
import { siteProfile } from "@/lib/site-profile";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";

/**
 * Where the payment provider sends the visitor back: /payment/callback?order_id=... The server
 * asks the gateway; this page only shows its answer. Without an order id it stays on the loading view.
 */
export default function PaymentCallbackPage() {
  const orderId = orderIdFromSearch(useSearch());
  const verification = useQuery({
    ...verifyPaymentQuery(orderId ?? ""),
    enabled: Boolean(orderId),
    // A payment the bank has not settled yet (UPI often takes a minute) is asked about again until it is, or until
    // the booking's hold lapses and the answer is final.
    refetchInterval: (query) =>
      query.state.data && isAwaitingBank(query.state.data) ? PENDING_RECHECK_MS : false,
  });
  // Only for the zone of the appointment time ("7:00 PM IST"); asked at once so that it is there with the result.
  const config = useQuery(publicConfigQuery());
  const zone = config.data?.timeZoneLabel;

  let body: ReactNode;
  if (orderId && verification.isError) body = <VerificationFailed orderId={orderId} />;
  // The result waits for the configuration too (or its failure), so that the time does not change under the eye.
  else if (!orderId || !verification.data || config.isPending) body = <Verifying />;
  // The appointment's outcome decides, not the gateway's PAID alone: a payment can be received and refunded.
  else if (isRefund(verification.data)) body = <PaymentRefunded result={verification.data} zone={zone} />;
  else if (isAwaitingBank(verification.data)) body = <PaymentPending result={verification.data} />;
  else if (verification.data.status.toUpperCase() === "PAID" && verification.data.outcome === "confirmed")
    body = (
      <PaymentSucceeded
        result={verification.data}
        zone={zone}
        timeZone={config.data?.clinicTimeZone ?? "Asia/Kolkata"}
      />
    );
  else body = <PaymentFailed result={verification.data} />;

  return (
    <PageShell mainClassName="bg-slate-50">
      <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center px-4 py-12 sm:px-6">
        {body}
      </div>
    </PageShell>
  );
}

function isRefund(result: PaymentVerification): boolean {
  return result.outcome === "refund_pending" || result.outcome === "refunded";
}

function useTitle(heading: string) {
  useDocumentTitle(`${heading} | ${siteProfile.doctor.name}`);
}

function ResultCard({
  tone,
  icon,
  children,
}: {
  tone: "success" | "failure" | "warning";
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-5 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <span
        className={cn(
          "flex size-16 items-center justify-center rounded-full [&_svg]:size-9",
          tone === "success" && "bg-emerald-100 text-emerald-700",
          tone === "failure" && "bg-red-100 text-red-700",
          tone === "warning" && "bg-amber-100 text-amber-800",
        )}
      >
        {icon}
      </span>
      {children}
    </div>
  );
}

function Details({ children }: { children: ReactNode }) {
  return (
    <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-left text-sm">
      {children}
    </dl>
  );
}

/** How often a payment the bank has not settled is asked about again. */
const PENDING_RECHECK_MS = 5_000;

/** The gateway has a payment for the order that the bank has not settled, and the booking still waits for it. */
function isAwaitingBank(result: PaymentVerification): boolean {
  return result.status.toUpperCase() === "PENDING" && result.outcome === "pending";
}

/**
 * A payment started but not settled by the bank yet: not a failure. The parent is told to wait and not to pay again
 * (a second payment would be a second booking's), and the page turns into the outcome by itself.
 */
function PaymentPending({ result }: { result: PaymentVerification }) {
  useTitle("Payment Being Confirmed");
  return (
    <ResultCard tone="warning" icon={<Clock aria-hidden="true" />}>
      <div className="flex flex-col items-center gap-2">
        <FocusHeading>Payment Being Confirmed</FocusHeading>
        <p role="status" className="text-slate-700">
          Your bank has not confirmed the payment yet. This page checks again every few seconds and shows the
          result by itself.
        </p>
      </div>
      <p className="font-medium text-slate-900">Please keep this page open, and do not pay again.</p>
      <p className="text-sm text-slate-700">
        Once the bank confirms, your booking is confirmed and the details come by e-mail and WhatsApp. Order
        ID: <span className="font-mono break-all">{result.orderId}</span>
      </p>
    </ResultCard>
  );
}

function Verifying() {
  useTitle("Verifying Payment...");
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <LoaderCircle
        className="size-10 animate-spin text-brand-700 motion-reduce:animate-none"
        aria-hidden="true"
      />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Verifying Payment...</h1>
      <p className="text-slate-700">
        Please wait while we confirm your payment. Do not close or refresh this page.
      </p>
    </div>
  );
}

const nextLinkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** The video link itself, when the e-mail holds it too: the parent need not wait for a later message. */
function VideoLinkItem({
  result,
  zone,
  timeZone,
}: {
  result: PaymentVerification;
  zone: string;
  timeZone: string;
}) {
  if (!result.videoRoomUrl || !result.roomOpensAt || !result.appointmentDate || !result.appointmentTime) {
    return (
      <NextItem icon={<Video aria-hidden="true" />}>
        The video consultation link is in your confirmation e-mail.
      </NextItem>
    );
  }
  const window = {
    opensAt: result.roomOpensAt,
    startsAt: slotStart(result.appointmentDate, result.appointmentTime, timeZone).toISOString(),
    timeZone,
    timeZoneLabel: zone,
  };
  return (
    <NextItem icon={<Video aria-hidden="true" />}>
      <a href={new URL(result.videoRoomUrl).pathname} className={nextLinkClass}>
        Your video consultation link
      </a>{" "}
      (also in your e-mail): the room opens at {opensAtText(window)}, {leadTimeText(window)} before the
      consultation.
    </NextItem>
  );
}

function PaymentSucceeded({
  result,
  zone,
  timeZone,
}: {
  result: PaymentVerification;
  zone: string | undefined;
  timeZone: string;
}) {
  // The booking is made: the next one starts afresh.
  useEffect(clearSavedBooking, []);
  useTitle("Payment Successful!");
  return (
    <ResultCard tone="success" icon={<CircleCheckBig aria-hidden="true" />}>
      <div className="flex flex-col gap-1">
        <FocusHeading>Payment Successful!</FocusHeading>
        <p className="text-slate-700">Your appointment is confirmed</p>
      </div>
      <PaymentFacts result={result} zone={zone}>
        <Badge variant="success">Paid</Badge>
      </PaymentFacts>
      <div className="w-full text-left">
        <h2 className="mb-2 font-semibold text-slate-900">What's Next?</h2>
        <ul className="flex flex-col gap-2 text-sm text-slate-700">
          <NextItem icon={<Mail aria-hidden="true" />}>
            You will receive a confirmation email shortly.
          </NextItem>
          <NextItem icon={<BellRing aria-hidden="true" />}>
            We will send you a WhatsApp reminder before your appointment.
          </NextItem>
          <VideoLinkItem result={result} zone={zone ?? ""} timeZone={timeZone} />
          <NextItem icon={<Clock aria-hidden="true" />}>Please join the video room 5 minutes early.</NextItem>
          {result.calendarInviteUrl ? (
            <NextItem icon={<CalendarPlus aria-hidden="true" />}>
              <a href={result.calendarInviteUrl} download className={nextLinkClass}>
                Add to calendar
              </a>
              : the same invite as in the e-mail, with the video link.
            </NextItem>
          ) : null}
          {result.manageUrl ? (
            <NextItem icon={<CalendarPlus aria-hidden="true" />}>
              <a
                href={new URL(result.manageUrl).pathname}
                className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                Manage your booking
              </a>
              : cancel, reschedule or download your fee receipt.
            </NextItem>
          ) : null}
        </ul>
      </div>
      <HomeButton />
    </ResultCard>
  );
}

/** What the payment was for: booking id, date and time, order, amount, and its status (the child). */
function PaymentFacts({
  result,
  zone,
  children,
}: {
  result: PaymentVerification;
  zone: string | undefined;
  children: ReactNode;
}) {
  return (
    <Details>
      {result.bookingId && (
        <Detail term="Booking ID">
          <span className="font-mono">#{result.bookingId}</span>
        </Detail>
      )}
      {result.appointmentDate && (
        <Detail term="Date">{formatLongDateWithWeekday(result.appointmentDate)}</Detail>
      )}
      {result.appointmentTime && (
        <Detail term="Time">
          {slotLabel(result.appointmentTime)}
          {zone ? ` ${zone}` : ""}
        </Detail>
      )}
      <Detail term="Order ID">
        <span className="font-mono break-all">{result.orderId}</span>
      </Detail>
      <Detail term="Amount Paid">₹{formatRupees(result.amount)}</Detail>
      <Detail term="Status">{children}</Detail>
    </Details>
  );
}

/**
 * The payment was received but bought nothing: the slot was booked by another patient before the payment reached
 * us, or the amount was short. Says so plainly, that the full amount goes back, and what to do now.
 */
function PaymentRefunded({ result, zone }: { result: PaymentVerification; zone: string | undefined }) {
  const reason = result.refund?.reason ?? "slot_taken";
  const underpaid = reason === "underpaid";
  const heading = {
    underpaid: "Payment Below the Fee",
    slot_taken: "Slot No Longer Available",
    doctor_unavailable: "Doctor Not Available",
  }[reason];
  useTitle(heading);
  useEffect(clearSavedBooking, []);
  const refunded = `₹${formatRupees(result.refund?.amount ?? result.amount)}`;
  const done = result.outcome === "refunded";
  const { email } = siteProfile.contact;
  const bookingRef = result.bookingId ? `#${result.bookingId}` : undefined;
  const subject = encodeURIComponent(`Refund: booking ${bookingRef ?? result.orderId}`);
  return (
    <ResultCard
      tone="warning"
      icon={underpaid ? <CircleAlert aria-hidden="true" /> : <CalendarX2 aria-hidden="true" />}
    >
      <div className="flex flex-col gap-2">
        <FocusHeading>{heading}</FocusHeading>
        <p className="text-slate-700">
          We received your payment of {`₹${formatRupees(result.amount)}`}, but your appointment is not
          confirmed.
        </p>
        <p className="text-slate-700">
          {
            {
              underpaid: `The consultation fee is ₹${formatRupees(result.refund?.price ?? result.amount)}, so the payment did not cover the booking.`,
              slot_taken: "The time you chose was booked by another patient before your payment reached us.",
              doctor_unavailable:
                "The doctor is not available at the time you chose any more. We are sorry for the trouble.",
            }[reason]
          }
        </p>
      </div>
      <div
        role="note"
        aria-labelledby="refund-heading"
        className="w-full rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-left"
      >
        <h2 id="refund-heading" className="font-semibold text-emerald-900">
          Full refund of {refunded}
        </h2>
        <p className="mt-1 text-sm text-emerald-900">
          {done
            ? "The full amount has been refunded to the account or card you paid with. It can take 5-7 business days to show."
            : "The full amount is being refunded to the account or card you paid with. Refunds reach you within 5-7 business days; you do not need to do anything."}
        </p>
      </div>
      <PaymentFacts result={result} zone={zone}>
        <Badge variant="secondary" className="whitespace-nowrap" data-outcome={result.outcome}>
          {done ? "Refunded" : "Refund in progress"}
        </Badge>
      </PaymentFacts>
      <div className="w-full text-left">
        <h2 className="mb-2 font-semibold text-slate-900">What to do next</h2>
        <ul className="flex flex-col gap-2 text-sm text-slate-700">
          <NextItem icon={<CalendarPlus aria-hidden="true" />}>
            To still have the consultation, book another time and pay again.
          </NextItem>
          <NextItem icon={<Mail aria-hidden="true" />}>
            These details are also sent to your email and WhatsApp.
          </NextItem>
          <NextItem icon={<LifeBuoy aria-hidden="true" />}>
            Questions about the refund? Write to{" "}
            <a
              href={`mailto:${email}?subject=${subject}`}
              className="break-words text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {email}
            </a>
            {bookingRef ? ` with your booking ID ${bookingRef}.` : "."}
          </NextItem>
        </ul>
      </div>
      <BookAgainActions icon={<CalendarPlus aria-hidden="true" />} label="Book Another Time" />
    </ResultCard>
  );
}

/** Back to the home page with the booking dialog open, or just home. */
function BookAgainActions({ icon, label }: { icon: ReactNode; label: string }) {
  const [, navigate] = useLocation();
  return (
    <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
      <Button
        size="lg"
        className="w-full sm:w-auto"
        onClick={() => {
          navigate("/");
          openBooking();
        }}
      >
        {icon}
        {label}
      </Button>
      <HomeButton variant="outline" />
    </div>
  );
}

function NextItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <span className="mt-0.5 shrink-0 text-brand-700 [&_svg]:size-4">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

function PaymentFailed({ result }: { result: PaymentVerification }) {
  useTitle("Payment Failed");
  // The order is closed for good; Try Booking Again resumes at the time step with the details kept.
  useEffect(forgetPayment, []);
  return (
    <ResultCard tone="failure" icon={<CircleX aria-hidden="true" />}>
      <div className="flex flex-col items-center gap-2">
        <FocusHeading>Payment Failed</FocusHeading>
        <p className="text-sm text-slate-700">
          Status:{" "}
          <Badge variant="destructive" data-status={result.status}>
            {paymentStatusLabel(result.status)}
          </Badge>
        </p>
      </div>
      <p className="text-slate-700">
        Unfortunately, your payment was not successful. This can happen due to various reasons.
      </p>
      <div className="w-full rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">Common reasons</h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>The card was declined by the bank</li>
          <li>Insufficient funds in the account</li>
          <li>The payment was cancelled at checkout</li>
          <li>The bank took too long to respond (timeout)</li>
        </ul>
        <p className="mt-3 text-sm text-slate-700">
          Order ID: <span className="font-mono break-all">{result.orderId}</span>
        </p>
      </div>
      <IfMoneyWasTaken orderId={result.orderId} />
      <BookAgainActions icon={<RotateCcw aria-hidden="true" />} label="Try Booking Again" />
    </ResultCard>
  );
}

/**
 * Whether the money is gone, as the site handles it: a payment for this order that still reaches the site (a late
 * success, a webhook after the parent left the checkout) confirms the booking if its time is free and is refunded in
 * full if not, each with its e-mail and WhatsApp message; a debit that never becomes a payment is reversed by the
 * bank or the gateway. The days are the refund time the Refunds & Cancellations page states.
 */
function IfMoneyWasTaken({ orderId }: { orderId: string }) {
  const { email } = siteProfile.contact;
  const days = DEFAULT_POLICY.refundBusinessDays;
  // "5–7" -> "7": when to write if the money has not come back.
  const lastDay = days.split(/\D+/).at(-1);
  const subject = encodeURIComponent(`Payment: order ${orderId}`);
  return (
    <section
      aria-labelledby="money-taken-heading"
      className="w-full rounded-lg border border-brand-100 bg-brand-50 p-4 text-left"
    >
      <h2 id="money-taken-heading" className="mb-2 text-sm font-semibold text-slate-900">
        If money has left your account
      </h2>
      <p className="text-sm text-slate-700">
        A payment that did not go through is usually not charged. If your bank or UPI app shows this amount as
        paid:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          If the payment reaches us after all, we confirm your booking if the time is still free, or refund
          the full amount if it is not. Either way, we tell you by email and WhatsApp.
        </li>
        <li>
          If it does not reach us, your bank or the payment provider returns the money to you automatically,
          usually within <span className="whitespace-nowrap">{days} business days</span>. You do not need to
          do anything.
        </li>
        <li>
          Not back after {lastDay} business days? Write to{" "}
          <a
            href={`mailto:${email}?subject=${subject}`}
            className="break-words text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            {email}
          </a>{" "}
          with the order ID above.
        </li>
      </ul>
    </section>
  );
}

function VerificationFailed({ orderId }: { orderId: string }) {
  useTitle("Verification Failed");
  const { email } = siteProfile.contact;
  const subject = encodeURIComponent(`Payment verification: order ${orderId}`);
  return (
    <ResultCard tone="warning" icon={<TriangleAlert aria-hidden="true" />}>
      <div className="flex flex-col gap-2">
        <FocusHeading>Verification Failed</FocusHeading>
        <p className="text-sm font-medium text-red-700">Failed to verify payment</p>
      </div>
      <p className="text-slate-700">
        We couldn't verify your payment status. Please contact support with your order ID below.
      </p>
      <Details>
        <Detail term="Order ID">
          <span className="font-mono break-all">{orderId}</span>
        </Detail>
        <Detail term="Support">
          <a
            href={`mailto:${email}?subject=${subject}`}
            className="break-all text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            {email}
          </a>
        </Detail>
      </Details>
      <HomeButton />
    </ResultCard>
  );
}
