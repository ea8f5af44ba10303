import type { ConsultationRecordView } from "@shared/patients";
import { ConsentLanguage } from "./consent-language";
import { formatRupees } from "@shared/booking";
import { phoneForDisplay } from "@shared/phone";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, FileText, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DetailRow } from "@/components/ui/detail";
import { QueryState } from "@/components/ui/query-state";
import { appointmentDateTime, patientAge } from "./admin-format";
import { AppointmentStatusBadge, PaymentStatusBadge } from "./status-badges";
import { useClinicInstant } from "./use-clinic-instant";
import { patientRecordQuery, prescriptionPdfUrl, uploadDownloadUrl } from "./patients-api";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DetailRow
      term={label}
      rowClassName="py-1.5"
      termClassName="w-44 shrink-0 text-sm font-medium text-slate-600"
      className="min-w-0 wrap-anywhere text-slate-900"
    >
      {children}
    </DetailRow>
  );
}

/** A file of the record to download, on a line of its own. */
function DownloadLink({
  href,
  icon: Icon,
  children,
}: {
  href: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <a href={href} download className="flex items-center gap-1.5 font-medium text-brand-700 underline">
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </a>
  );
}

/** A fact that lists things, one a line, or says that there are none ("None issued"). */
function FactList<T>({
  label,
  items,
  none,
  children,
}: {
  label: string;
  items: readonly T[];
  none: string;
  children: (item: T) => ReactNode;
}) {
  return <Fact label={label}>{items.length === 0 ? none : items.map(children)}</Fact>;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One patient's record: who they are, and every consultation with its consent, payment, notes and files. */
export function PatientRecordView({ patientKey }: { patientKey: string }) {
  const record = useQuery(patientRecordQuery(patientKey));
  const clock = useClinicInstant();
  return (
    <div className="flex flex-col gap-4">
      <Button asChild variant="ghost" className="self-start">
        <Link href="/admin/patients">
          <ArrowLeft aria-hidden="true" /> All patients
        </Link>
      </Button>
      <QueryState
        query={record}
        what="the patient's record"
        isEmpty={(data) => data.consultations.length === 0}
        empty="This patient has no consultation on record."
      >
        {(data) => (
          <>
            <Card className="p-5 sm:p-6">
              <h2 className="text-xl font-semibold text-slate-900">{data.patientName}</h2>
              <dl className="mt-2">
                {data.guardianName ? <Fact label="Parent or guardian">{data.guardianName}</Fact> : null}
                <Fact label="Phone">{phoneForDisplay(data.phone)}</Fact>
                <Fact label="E-mail">{data.email}</Fact>
                <Fact label="Consultations">{data.consultations.length}</Fact>
              </dl>
            </Card>
            {data.consultations.map((consultation) => (
              <ConsultationCard key={consultation.appointment.id} consultation={consultation} clock={clock} />
            ))}
          </>
        )}
      </QueryState>
    </div>
  );
}

function ConsultationCard({
  consultation,
  clock,
}: {
  consultation: ConsultationRecordView;
  clock: ReturnType<typeof useClinicInstant>;
}) {
  const { appointment, consents, refunds, notes, prescriptions, uploads } = consultation;
  const { at } = clock;
  const headingId = `consultation-${appointment.id}`;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {appointmentDateTime(appointment, clock.zone)}
          </h3>
          <AppointmentStatusBadge status={appointment.status} />
          <PaymentStatusBadge status={appointment.paymentStatus} />
        </div>
        <dl className="mt-3">
          <Fact label="Booking ID">#{appointment.bookingId}</Fact>
          <Fact label="Patient">
            {appointment.patientName}, {patientAge(appointment).replace(/^Age /, "")}
          </Fact>
          {appointment.guardian ? (
            <Fact label="Booked by">
              {appointment.guardian.name} ({appointment.guardian.relationship})
            </Fact>
          ) : null}
          <Fact label="Reason">{appointment.reasonForConsultation}</Fact>
          <Fact label="Paid">
            {appointment.paidAmount === null ? "Not paid" : `₹${formatRupees(appointment.paidAmount)}`}
            {refunds.map((refund) => (
              <span key={refund.refundId} className="block text-sm text-slate-700">
                Refund ₹{formatRupees(refund.amount)} ({refund.state}), {at(refund.createdAt)}
              </span>
            ))}
          </Fact>
          <FactList label="Consent" items={consents} none="Booked before consent was recorded">
            {(consent) => (
              <span key={consent.givenAt} className="block">
                Version {consent.version}
                <ConsentLanguage language={consent.language} />, given by {consent.givenBy},{" "}
                {at(consent.givenAt)}
              </span>
            )}
          </FactList>
          <Fact label="Notes">
            {notes ? <span className="whitespace-pre-wrap">{notes}</span> : "None written"}
          </Fact>
          <FactList label="Prescriptions" items={prescriptions} none="None issued">
            {(prescription) => (
              <DownloadLink
                key={prescription.id}
                href={prescriptionPdfUrl(appointment.id, prescription.id)}
                icon={FileText}
              >
                Version {prescription.version}, {at(prescription.issuedAt)}
                {prescription.replacesVersion ? ` (replaces version ${prescription.replacesVersion})` : ""}
              </DownloadLink>
            )}
          </FactList>
          <FactList label="Reports" items={uploads} none="None uploaded">
            {(upload) => (
              <DownloadLink
                key={upload.id}
                href={uploadDownloadUrl(appointment.id, upload.id)}
                icon={Download}
              >
                <span className="break-all">{upload.fileName}</span> ({sizeText(upload.sizeBytes)})
              </DownloadLink>
            )}
          </FactList>
        </dl>
      </section>
    </Card>
  );
}
