import { ClinicEmailLink, LegalPage, LegalSection } from "@/components/layout/legal-section";
import { siteProfile } from "@/lib/site-profile";

/** One kind of data the practice holds: what it is, why, who else receives it, and for how long. */
interface DataItem {
  data: string;
  purpose: string;
  recipients: string;
  kept: string;
}

const RECORDS_KEPT = "At least three years after the last consultation, as medical records must be kept.";

const dataItems: DataItem[] = [
  {
    data: "Patient's name and age; the parent or guardian's name and relationship",
    purpose: "To identify the patient and the adult who consents for a child, as telemedicine rules require.",
    recipients: "The doctor. The video service sees the display name used in the call.",
    kept: RECORDS_KEPT,
  },
  {
    data: "Reason for consultation and anything said or shown in the consultation",
    purpose: "To give medical advice. This is health information and is shared with no one else.",
    recipients: "The doctor only. Calls are not recorded.",
    kept: RECORDS_KEPT,
  },
  {
    data: "Reports you upload before the consultation (echo and ECG reports, discharge summaries)",
    purpose: "So that the doctor can read them before and during the consultation.",
    recipients:
      "The doctor only. They are stored under random names in access-controlled storage and can be downloaded only through your booking's link or by the doctor.",
    kept: `${RECORDS_KEPT} Deleted at once if you ask for erasure.`,
  },
  {
    data: "The doctor's consultation notes and prescriptions",
    purpose: "To keep the record of care and a copy of every prescription, as medical rules require.",
    recipients: "The doctor; each prescription is sent to you by e-mail and WhatsApp.",
    kept: RECORDS_KEPT,
  },
  {
    data: "E-mail address and phone number",
    purpose: "To send the confirmation, the video link, reminders, changes and receipts.",
    recipients: "Our e-mail provider and WhatsApp (Meta), only to deliver these messages.",
    kept: RECORDS_KEPT,
  },
  {
    data: "Payment: amount, date, order and payment reference, refunds",
    purpose: "To take the fee, issue receipts and refunds, and keep accounts.",
    recipients:
      "The payment gateway (Cashfree Payments), which handles your card, UPI or bank details; this website never sees or stores them.",
    kept: "Eight years, as Indian tax law requires for accounts.",
  },
  {
    data: "Your consent: the exact wording you agreed to, who agreed and when",
    purpose: "To show that the consultation and the use of your data were agreed to.",
    recipients: "The doctor.",
    kept: RECORDS_KEPT,
  },
  {
    data: "Technical data: the address your requests come from, for a short time",
    purpose: "To keep the site secure (limits on repeated requests).",
    recipients: "No one.",
    kept: "Held in memory for at most an hour; not stored.",
  },
];

export default function PrivacyPage() {
  const { doctor, contact } = siteProfile;

  return (
    <LegalPage
      title="Privacy Notice"
      intro={
        <p className="mt-3">
          This notice explains what {doctor.name} holds about you and your child when you book an online
          consultation through this website, why, who else receives it, how long it is kept, and your rights
          under India's Digital Personal Data Protection Act, 2023.
        </p>
      }
    >
      <LegalSection id="what-we-hold" title="What We Hold, and Why">
        <p>
          We collect only what the consultation needs, and use it only for the purpose given here. We do not
          sell your data or use it for advertising.
        </p>
        <ul aria-label="Each item of data">
          {dataItems.map((item) => (
            <li key={item.data}>
              <strong className="block">{item.data}.</strong>
              <span className="block">Why: {item.purpose}</span>
              <span className="block">Who receives it: {item.recipients}</span>
              <span className="block">How long: {item.kept}</span>
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection id="children" title="Children's Data">
        <p>
          Most of our patients are children. A consultation for a patient under 18 is booked by a parent or
          guardian, who gives consent on the child's behalf and is named with the booking. We do not track
          children or show them advertising.
        </p>
      </LegalSection>

      <LegalSection id="your-rights" title="Your Rights">
        <ul>
          <li>To know what we hold about you or your child, and to get a copy of it.</li>
          <li>To have wrong or incomplete details corrected.</li>
          <li>
            To have data erased when it is no longer needed, except what the law requires us to keep (medical
            records and accounts, for the periods above).
          </li>
          <li>To withdraw consent for the future; this does not undo a consultation already given.</li>
          <li>To name someone to exercise these rights for you if you cannot.</li>
          <li>To complain to us, and then to the Data Protection Board of India.</li>
        </ul>
        <p>
          The page of your booking (the link in your confirmation e-mail and WhatsApp message) has{" "}
          <strong>Download all data</strong>, a ZIP of everything held about the booking, and{" "}
          <strong>Ask for erasure</strong>. Erasure removes names, phone number and e-mail address from every
          record and deletes the reports you uploaded; the consultation record, prescriptions and payment
          amounts are kept without them for the periods above. Every time the doctor's dashboard opens a
          patient's data, it is written to a log that cannot be changed, kept for at least a year.
        </p>
        <p>
          To use any of these rights another way, write to <ClinicEmailLink />. We answer within 30 days.
        </p>
      </LegalSection>

      <LegalSection id="grievances" title="Grievances">
        <p>
          Questions and complaints about your data go to {doctor.name}, who is responsible for it:{" "}
          <ClinicEmailLink />, {contact.phone}, {contact.location}.
        </p>
      </LegalSection>

      <LegalSection id="security" title="Security and Breaches">
        <p>
          Data is sent only over encrypted connections and kept on servers in access-controlled storage; only
          the doctor can sign in to see it. If a breach affects your data, we will tell you and the Data
          Protection Board as the law requires.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
