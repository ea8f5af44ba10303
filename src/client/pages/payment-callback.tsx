import type { PaymentVerification } from "@shared/booking";
import { DEFAULT_POLICY } from "@shared/cancellation-policy";
import { FocusHeading } from "@/components/ui/focus-heading";
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
import { clearSavedBooking, forgetPayment } from "@/features/booking/booking-session";
import { clinicDate, slotStart } from "@shared/clinic-time";
import { openBooking } from "@/lib/dialogs";
import { publicConfigQuery } from "@/lib/public-config";
import { verifyPaymentQuery } from "@/features/payment/api";
import { orderIdFromSearch, paymentStatusLabel } from "@/features/payment/verification";
import { useBookingMessages } from "@/features/booking/booking-messages";
import { useClockTime } from "@/lib/consultation-hours";
import { Message, useDates, useRupees, useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";
import { clinicClock, leadTimeInWords } from "@/lib/room-opening";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";

/**
 * Where the payment provider sends the visitor back: /payment/callback?order_id=... The server
 * asks the gateway; this page only shows its answer. Without an order id it stays on the loading view.
 */
export default function PaymentCallbackPage() {
  // The page speaks the booking's language (its address is under /hi/ or /kn/ for a booking made there).
  useBookingMessages();
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
  const t = useT();
  const heading = t("payment.pending.title");
  useTitle(heading);
  return (
    <ResultCard tone="warning" icon={<Clock aria-hidden="true" />}>
      <div className="flex flex-col items-center gap-2">
        <FocusHeading>{heading}</FocusHeading>
        <p role="status" className="text-slate-700">
          {t("payment.pending.body")}
        </p>
      </div>
      <p className="font-medium text-slate-900">{t("payment.pending.keepOpen")}</p>
      <p className="text-sm text-slate-700">
        <Message
          id="payment.pending.next"
          values={{ orderId: result.orderId }}
          components={{ 0: <span className="font-mono break-all" /> }}
        />
      </p>
    </ResultCard>
  );
}

function Verifying() {
  const t = useT();
  const heading = t("payment.verifying.title");
  useTitle(heading);
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <LoaderCircle
        className="size-10 animate-spin text-brand-700 motion-reduce:animate-none"
        aria-hidden="true"
      />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
      <p className="text-slate-700">{t("payment.verifying.body")}</p>
    </div>
  );
}

const nextLinkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

const DURATION_IDS = { days: "duration.days", hours: "duration.hours", minutes: "duration.minutes" } as const;

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
  const t = useT();
  const dates = useDates();
  const clockTime = useClockTime();
  if (!result.videoRoomUrl || !result.roomOpensAt || !result.appointmentDate || !result.appointmentTime) {
    return <NextItem icon={<Video aria-hidden="true" />}>{t("payment.next.videoInEmail")}</NextItem>;
  }
  const startsAt = slotStart(result.appointmentDate, result.appointmentTime, timeZone).toISOString();
  const opensOn = clinicDate(new Date(result.roomOpensAt), timeZone);
  const time = clockTime(clinicClock(result.roomOpensAt, timeZone), zone || undefined);
  // The time alone when the room opens on the consultation's own date, else the date too.
  const opens = opensOn === result.appointmentDate ? time : `${dates.longWithWeekday(opensOn)}, ${time}`;
  return (
    <NextItem icon={<Video aria-hidden="true" />}>
      <Message
        id="payment.next.videoLink"
        values={{ opens, lead: leadTimeInWords(t, DURATION_IDS, result.roomOpensAt, startsAt) }}
        components={{ 0: <a href={new URL(result.videoRoomUrl).pathname} className={nextLinkClass} /> }}
      />
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
  const t = useT();
  // The booking is made: the next one starts afresh.
  useEffect(clearSavedBooking, []);
  const heading = t("payment.success.title");
  useTitle(heading);
  return (
    <ResultCard tone="success" icon={<CircleCheckBig aria-hidden="true" />}>
      <div className="flex flex-col gap-1">
        <FocusHeading>{heading}</FocusHeading>
        <p className="text-slate-700">{t("payment.success.confirmed")}</p>
      </div>
      <PaymentFacts result={result} zone={zone}>
        <Badge variant="success">{t("payment.status.PAID")}</Badge>
      </PaymentFacts>
      <div className="w-full text-left">
        <h2 className="mb-2 font-semibold text-slate-900">{t("payment.next.title")}</h2>
        <ul className="flex flex-col gap-2 text-sm text-slate-700">
          <NextItem icon={<Mail aria-hidden="true" />}>{t("payment.next.email")}</NextItem>
          <NextItem icon={<BellRing aria-hidden="true" />}>{t("payment.next.whatsapp")}</NextItem>
          <VideoLinkItem result={result} zone={zone ?? ""} timeZone={timeZone} />
          <NextItem icon={<Clock aria-hidden="true" />}>{t("payment.next.early")}</NextItem>
          {result.calendarInviteUrl ? (
            <NextItem icon={<CalendarPlus aria-hidden="true" />}>
              <Message
                id="payment.next.calendar"
                components={{ 0: <a href={result.calendarInviteUrl} download className={nextLinkClass} /> }}
              />
            </NextItem>
          ) : null}
          {result.manageUrl ? (
            <NextItem icon={<CalendarPlus aria-hidden="true" />}>
              <Message
                id="payment.next.manage"
                components={{ 0: <a href={new URL(result.manageUrl).pathname} className={nextLinkClass} /> }}
              />
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
  const t = useT();
  const dates = useDates();
  const clockTime = useClockTime();
  const rupees = useRupees();
  return (
    <Details>
      {result.bookingId && (
        <Detail term={t("payment.fact.bookingId")}>
          <span className="font-mono">#{result.bookingId}</span>
        </Detail>
      )}
      {result.appointmentDate && (
        <Detail term={t("payment.fact.date")}>{dates.longWithWeekday(result.appointmentDate)}</Detail>
      )}
      {result.appointmentTime && (
        <Detail term={t("payment.fact.time")}>{clockTime(result.appointmentTime, zone)}</Detail>
      )}
      <Detail term={t("payment.fact.orderId")}>
        <span className="font-mono break-all">{result.orderId}</span>
      </Detail>
      <Detail term={t("payment.fact.amountPaid")}>{rupees(result.amount)}</Detail>
      <Detail term={t("payment.fact.status")}>{children}</Detail>
    </Details>
  );
}

/**
 * The payment was received but bought nothing: the slot was booked by another patient before the payment reached
 * us, or the amount was short. Says so plainly, that the full amount goes back, and what to do now.
 */
function PaymentRefunded({ result, zone }: { result: PaymentVerification; zone: string | undefined }) {
  const t = useT();
  const rupees = useRupees();
  const reason = result.refund?.reason ?? "slot_taken";
  const underpaid = reason === "underpaid";
  const heading = t(`payment.refund.title.${reason}`);
  useTitle(heading);
  useEffect(clearSavedBooking, []);
  const refunded = rupees(result.refund?.amount ?? result.amount);
  const done = result.outcome === "refunded";
  const { email } = siteProfile.contact;
  const bookingRef = result.bookingId ? `#${result.bookingId}` : undefined;
  const subject = encodeURIComponent(`Refund: booking ${bookingRef ?? result.orderId}`);
  const mailLink = (
    <a
      href={`mailto:${email}?subject=${subject}`}
      className="break-words text-brand-700 underline underline-offset-4 hover:text-brand-900"
    />
  );
  return (
    <ResultCard
      tone="warning"
      icon={underpaid ? <CircleAlert aria-hidden="true" /> : <CalendarX2 aria-hidden="true" />}
    >
      <div className="flex flex-col gap-2">
        <FocusHeading>{heading}</FocusHeading>
        <p className="text-slate-700">{t("payment.refund.received", { amount: rupees(result.amount) })}</p>
        <p className="text-slate-700">
          {t(`payment.refund.why.${reason}`, { price: rupees(result.refund?.price ?? result.amount) })}
        </p>
      </div>
      <div
        role="note"
        aria-labelledby="refund-heading"
        className="w-full rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-left"
      >
        <h2 id="refund-heading" className="font-semibold text-emerald-900">
          {t("payment.refund.full", { amount: refunded })}
        </h2>
        <p className="mt-1 text-sm text-emerald-900">
          {done ? t("payment.refund.done") : t("payment.refund.pending")}
        </p>
      </div>
      <PaymentFacts result={result} zone={zone}>
        <Badge variant="secondary" className="whitespace-nowrap" data-outcome={result.outcome}>
          {done ? t("payment.refund.badge.done") : t("payment.refund.badge.pending")}
        </Badge>
      </PaymentFacts>
      <div className="w-full text-left">
        <h2 className="mb-2 font-semibold text-slate-900">{t("payment.refund.next.title")}</h2>
        <ul className="flex flex-col gap-2 text-sm text-slate-700">
          <NextItem icon={<CalendarPlus aria-hidden="true" />}>{t("payment.refund.next.bookAgain")}</NextItem>
          <NextItem icon={<Mail aria-hidden="true" />}>{t("payment.refund.next.sent")}</NextItem>
          <NextItem icon={<LifeBuoy aria-hidden="true" />}>
            {bookingRef ? (
              <Message
                id="payment.refund.next.questions"
                values={{ email, reference: bookingRef }}
                components={{ 0: mailLink }}
              />
            ) : (
              <Message
                id="payment.refund.next.questionsNoId"
                values={{ email }}
                components={{ 0: mailLink }}
              />
            )}
          </NextItem>
        </ul>
      </div>
      <BookAgainActions icon={<CalendarPlus aria-hidden="true" />} label={t("payment.bookAnother")} />
    </ResultCard>
  );
}

/** Back to the home page (of the page's language) with the booking dialog open, or just home. */
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
  const t = useT();
  const heading = t("payment.failed.title");
  useTitle(heading);
  // The order is closed for good; Try Booking Again resumes at the time step with the details kept.
  useEffect(forgetPayment, []);
  return (
    <ResultCard tone="failure" icon={<CircleX aria-hidden="true" />}>
      <div className="flex flex-col items-center gap-2">
        <FocusHeading>{heading}</FocusHeading>
        <p className="text-sm text-slate-700">
          {t("payment.failed.status")}{" "}
          <Badge variant="destructive" data-status={result.status}>
            {paymentStatusLabel(result.status, (key) => t(`payment.status.${key}`))}
          </Badge>
        </p>
      </div>
      <p className="text-slate-700">{t("payment.failed.body")}</p>
      <div className="w-full rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">{t("payment.failed.reasons")}</h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("payment.failed.declined")}</li>
          <li>{t("payment.failed.funds")}</li>
          <li>{t("payment.failed.cancelled")}</li>
          <li>{t("payment.failed.timeout")}</li>
        </ul>
        <p className="mt-3 text-sm text-slate-700">
          <Message
            id="payment.failed.orderId"
            values={{ orderId: result.orderId }}
            components={{ 0: <span className="font-mono break-all" /> }}
          />
        </p>
      </div>
      <IfMoneyWasTaken orderId={result.orderId} />
      <BookAgainActions icon={<RotateCcw aria-hidden="true" />} label={t("payment.tryAgain")} />
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
  const t = useT();
  const { email } = siteProfile.contact;
  const days = DEFAULT_POLICY.refundBusinessDays;
  // "5–7" -> "7": when to write if the money has not come back.
  const lastDay = days.split(/\D+/).at(-1) ?? days;
  const subject = encodeURIComponent(`Payment: order ${orderId}`);
  return (
    <section
      aria-labelledby="money-taken-heading"
      className="w-full rounded-lg border border-brand-100 bg-brand-50 p-4 text-left"
    >
      <h2 id="money-taken-heading" className="mb-2 text-sm font-semibold text-slate-900">
        {t("payment.taken.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("payment.taken.intro")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t("payment.taken.reaches")}</li>
        <li>
          <Message
            id="payment.taken.returns"
            values={{ days }}
            components={{ 0: <span className="whitespace-nowrap" /> }}
          />
        </li>
        <li>
          <Message
            id="payment.taken.write"
            values={{ days: lastDay, email }}
            components={{
              0: (
                <a
                  href={`mailto:${email}?subject=${subject}`}
                  className="break-words text-brand-700 underline underline-offset-4 hover:text-brand-900"
                />
              ),
            }}
          />
        </li>
      </ul>
    </section>
  );
}

function VerificationFailed({ orderId }: { orderId: string }) {
  const t = useT();
  const heading = t("payment.verifyFailed.title");
  useTitle(heading);
  const { email } = siteProfile.contact;
  const subject = encodeURIComponent(`Payment verification: order ${orderId}`);
  return (
    <ResultCard tone="warning" icon={<TriangleAlert aria-hidden="true" />}>
      <div className="flex flex-col gap-2">
        <FocusHeading>{heading}</FocusHeading>
        <p className="text-sm font-medium text-red-700">{t("payment.verifyFailed.short")}</p>
      </div>
      <p className="text-slate-700">{t("payment.verifyFailed.body")}</p>
      <Details>
        <Detail term={t("payment.fact.orderId")}>
          <span className="font-mono break-all">{orderId}</span>
        </Detail>
        <Detail term={t("payment.fact.support")}>
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
