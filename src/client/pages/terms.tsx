import { Link } from "wouter";
import { ClinicEmailLink, inlineLinkClass, LegalPage, LegalSection } from "@/components/layout/legal-section";
import { siteProfile } from "@/lib/site-profile";

export default function TermsPage() {
  const { doctor, contact } = siteProfile;
  const refundsLink = (
    <Link href="/refunds-cancellations" className={inlineLinkClass}>
      Refunds &amp; Cancellations
    </Link>
  );

  return (
    <LegalPage
      title="Terms & Conditions"
      intro={
        <>
          <p className="text-sm font-medium text-slate-700">Last updated: October 2024</p>
          <p className="mt-3">
            These terms apply to online video consultations with {doctor.name} booked through this website.
            Please read them before you book.
          </p>
        </>
      }
    >
      <LegalSection id="service-description" title="Service Description">
        <p>
          This website lets you book and pay for an online video consultation with {doctor.name},{" "}
          {doctor.specialty} ({doctor.qualifications.join(", ")}). The consultation takes place over a secure
          video call in your web browser; no app is needed.
        </p>
        <ul>
          <li>
            A video consultation is suited to discussing symptoms, reviewing reports (such as ECG,
            echocardiogram or scan reports), second opinions and follow-up care.
          </li>
          <li>
            It cannot include a physical examination. Where an examination, test or procedure is needed, the
            doctor will advise you to arrange it in person.
          </li>
          <li>
            Consultations for a child are booked and attended by a parent or legal guardian, who consents to
            the consultation on the child's behalf.
          </li>
          <li>
            Consultations are provided in line with the Telemedicine Practice Guidelines issued in India.
            Advice is based on the information and reports you share, so please make them accurate and
            complete.
          </li>
          <li>
            <strong>This service is not for emergencies.</strong> {contact.emergencyNotice}
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="payment-terms" title="Payment Terms">
        <ul>
          <li>Consultation fees are charged in Indian rupees (INR, ₹) and are shown before you pay.</li>
          <li>
            The fee is paid online in advance through a secure third-party payment gateway. Your card, UPI or
            bank details are handled by the payment gateway and are never stored on this website.
          </li>
          <li>
            An appointment is confirmed only after the payment has succeeded. A time slot is held for a short
            time while you pay and is released if the payment is not completed.
          </li>
          <li>
            Discount coupons, when offered, apply only at the time of booking and cannot be exchanged for
            cash.
          </li>
          <li>Cancellations and refunds follow our {refundsLink} policy.</li>
        </ul>
      </LegalSection>

      <LegalSection id="appointment-policy" title="Appointment Policy">
        <ul>
          <li>
            Appointments are available in the time slots shown in the booking form, in Indian Standard Time.
          </li>
          <li>
            After booking you receive a confirmation e-mail with your booking ID within 24 hours. The video
            consultation link is shared 30 minutes before the appointment.
          </li>
          <li>
            Please join 5 minutes early from a quiet place, with a stable internet connection, a working
            camera and microphone, your child present where possible, and any reports ready to share.
          </li>
          <li>Joining more than 15 minutes late may be treated as a no-show.</li>
          <li>
            You can reschedule a booking up to 2 times. Cancellation and rescheduling rules are set out in our{" "}
            {refundsLink} policy.
          </li>
          <li>
            If the doctor is unavailable, for example because of a clinical emergency, you will be offered a
            new time or a full refund.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy" title="Privacy">
        <ul>
          <li>
            We collect the details needed to provide your consultation: the patient's name and age, your
            e-mail address and phone number, the reason for consultation and any reports you share.
          </li>
          <li>
            These details are used only to provide and follow up your consultation, to send confirmations and
            reminders by e-mail and WhatsApp, and to keep medical records as required by law.
          </li>
          <li>
            We do not sell your information. It is shared only with the services needed to deliver the
            consultation (the payment gateway, the video service and the messaging providers), or where the
            law requires it.
          </li>
          <li>We do not record video consultations.</li>
          <li>
            Your information is handled as confidential medical information under applicable Indian law. To
            see, correct or delete your information, write to <ClinicEmailLink />.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="liability" title="Liability">
        <ul>
          <li>
            Advice given in a video consultation is limited by the absence of a physical examination and
            depends on the information provided. The doctor will recommend in-person care whenever it is
            needed.
          </li>
          <li>
            Articles and other content on this website are general health information and do not replace a
            personal medical consultation.
          </li>
          <li>
            We are not responsible for problems caused by your device, your internet connection or services
            outside our reasonable control. If a consultation cannot take place because of a technical fault
            on our side, you receive a full refund.
          </li>
          <li>
            To the extent the law allows, our liability for any consultation is limited to the fee paid for
            it. Nothing in these terms limits any liability that cannot be limited under Indian law.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="acceptance" title="Acceptance">
        <p>
          By booking and paying for a consultation you confirm that you have read and accept these Terms &amp;
          Conditions and the {refundsLink} policy, and that you are the patient, or the parent or legal
          guardian of the patient, and at least 18 years old.
        </p>
        <p>
          We may update these terms from time to time; the version published on the day you book applies to
          your booking. These terms are governed by the laws of India. Questions about them are welcome at{" "}
          <ClinicEmailLink />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
