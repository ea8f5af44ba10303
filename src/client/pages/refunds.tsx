import { Link } from "wouter";
import { ClinicEmailLink, inlineLinkClass, LegalPage, LegalSection } from "@/components/layout/legal-section";
import { siteProfile } from "@/lib/site-profile";
import { DEFAULT_POLICY, policyRows } from "@shared/cancellation-policy";

/** The cancellation tiers of the refund policy, from the same module the manage link and the API apply. */
const cancellationRules = policyRows(DEFAULT_POLICY);

export default function RefundsPage() {
  const { doctor } = siteProfile;

  return (
    <LegalPage
      title="Refunds & Cancellations"
      intro={
        <p>
          This policy explains how to cancel or reschedule an online video consultation with {doctor.name},
          and when a refund is given.
        </p>
      }
    >
      <LegalSection id="cancellation-refunds" title="Cancellations and Refunds">
        <p>What you receive depends on how long before the appointment we receive your cancellation:</p>
        <div className="overflow-hidden rounded-xl border border-slate-200">
          <table className="w-full border-collapse text-left text-sm sm:text-base">
            <caption className="sr-only">Refund by time of cancellation</caption>
            <thead className="bg-brand-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  When you cancel
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  What you receive
                </th>
              </tr>
            </thead>
            <tbody>
              {cancellationRules.map((rule) => (
                <tr key={rule.when} className="border-t border-slate-200 align-top">
                  <td className="px-4 py-3">{rule.when}</td>
                  <td className="px-4 py-3 font-medium text-slate-900">{rule.outcome}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LegalSection>

      <LegalSection id="rescheduling" title="Rescheduling">
        <ul>
          <li>
            A booking can be rescheduled up to {DEFAULT_POLICY.maxReschedules} times, subject to the
            availability of time slots.
          </li>
          <li>
            Rescheduling more than 24 hours before the appointment is free. Between 12 and 24 hours before,
            one free reschedule is allowed. Less than 12 hours before, the appointment cannot be rescheduled
            or refunded.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="late-arrival" title="Late Arrival and No-Shows">
        <ul>
          <li>
            Joining the video consultation more than 15 minutes after the start time may be marked as a
            no-show.
          </li>
          <li>A no-show is not refunded.</li>
        </ul>
      </LegalSection>

      <LegalSection id="provider-issues" title="If We Cannot Hold Your Consultation">
        <p>
          You receive a <strong>full refund</strong> if the consultation cannot take place because of a
          technical fault on our side, or because the doctor is unavailable. If you prefer, we will rebook you
          at a new time instead.
        </p>
      </LegalSection>

      <LegalSection id="refund-processing" title="Refund Processing">
        <ul>
          <li>
            Approved refunds are processed within {DEFAULT_POLICY.refundBusinessDays} business days to the
            original payment method. Your bank may take a little longer to show the amount.
          </li>
          <li>All fees are charged and refunded in Indian rupees (INR, ₹).</li>
        </ul>
      </LegalSection>

      <LegalSection id="before-consultation" title="Before Your Consultation">
        <ul>
          <li>You receive a confirmation e-mail with your booking ID within 24 hours of booking.</li>
          <li>The video consultation link is shared 30 minutes before the appointment.</li>
          <li>Please join 5 minutes early to check your camera, microphone and connection.</li>
        </ul>
      </LegalSection>

      <LegalSection id="how-to-request" title="How to Request a Cancellation, Reschedule or Refund">
        <p>
          Send an e-mail to <ClinicEmailLink /> with:
        </p>
        <ul>
          <li>your booking ID (shown in your confirmation e-mail);</li>
          <li>the patient's name and the appointment date and time;</li>
          <li>whether you would like a refund or a new time.</li>
        </ul>
        <p>
          The time we receive your e-mail counts as the time of cancellation. We confirm every request by
          e-mail. See also our{" "}
          <Link href="/terms-conditions" className={inlineLinkClass}>
            Terms &amp; Conditions
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
