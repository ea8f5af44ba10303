import type { AdminAppointment, AdminAppointmentDetails } from "@shared/admin";
import { ConsentLanguage } from "./consent-language";
import { formatRupees } from "@shared/booking";
import { slotStart } from "@shared/clinic-time";
import { type DoctorsFollowUp, followUpPriceLabel } from "@shared/follow-up";
import { phoneForDisplay, phoneHref } from "@shared/phone";
import type { PatientRecord } from "@shared/patients";
import type { ReportUpload } from "@shared/uploads";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ArrowLeft, Copy, FileText, PanelRightOpen, X } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-state";
import { useTabs } from "@/components/ui/tabs";
import { apiGet } from "@/lib/api";
import { formatShortDate } from "@/lib/format";
import { stayUnlessLeaving } from "@/lib/leave-guard";
import { publicConfigQuery } from "@/lib/public-config";
import { useRefetchAt } from "@/lib/use-refetch-at";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";
import {
  appointmentDateTime,
  childsLastPrescription,
  clockTime,
  patientAge,
  sameChildDoubts,
} from "./admin-format";
import { adminKeys, appointmentDetailsQuery } from "./api";
import { AppointmentActions } from "./appointment-actions";
import { MessagesSent } from "./appointment-details-dialog";
import { NotesEditor, PrescriptionSection } from "./consultation-record";
import { hasPrescriptionDraft } from "./prescription-draft";
import { prescriptionPdfUrl, reportViewUrl } from "./consultation-record-api";
import { formatInstant } from "./notification-format";
import { ReportUploadsList } from "./report-uploads-list";
import { AppointmentStatusBadge, PaymentStatusBadge } from "./status-badges";
import { useWorkspaceCameFrom } from "./workspace-link";
import { WorkspaceVideo } from "./workspace-video";

const base = (id: string) => `/api/admin/appointments/${encodeURIComponent(id)}`;

function patientRecordOfAppointmentQuery(id: string) {
  return queryOptions({
    queryKey: [...adminKeys.appointmentDetails(id), "patient-record"] as const,
    queryFn: () => apiGet<PatientRecord>(`${base(id)}/patient-record`),
    retry: false,
  });
}

/** Keyed by the appointment's status too: marking the consultation completed may open the follow-up. */
function followUpQuery(id: string, status: string) {
  return queryOptions({
    queryKey: [...adminKeys.appointmentDetails(id), "follow-up", status] as const,
    queryFn: () => apiGet<DoctorsFollowUp>(`${base(id)}/follow-up`),
    // Asked again each time the Finish tab opens, and on coming back to this tab: the follow-up fee may have just
    // been set in Settings (in another tab).
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** A wide screen shows the record beside the call; a narrow one keeps it in a drawer. */
const WIDE = "(min-width: 1024px)";
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener("change", changed);
      return () => query.removeEventListener("change", changed);
    },
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

interface ZoneProps {
  timeZone: string | undefined;
  zone: string | undefined;
}

/**
 * /admin/appointments/{id}: the consultation workspace. The video with her host link, and beside it (or in a drawer
 * on a phone) the child's record, the reports viewable in place, notes saved as she types, the prescription with
 * her templates, and the end of the consultation: completed or no-show, and a follow-up.
 */
export function ConsultationWorkspace({ appointmentId }: { appointmentId: string }) {
  const details = useQuery({ ...appointmentDetailsQuery(appointmentId), retry: false });
  const { data: config } = useQuery(publicConfigQuery());
  const zoneProps = { timeZone: config?.clinicTimeZone, zone: config?.timeZoneLabel };
  const back = useWorkspaceCameFrom();
  return (
    <div className="flex flex-col gap-4">
      <Button asChild variant="ghost" className="self-start">
        <Link href={back.href} onClick={stayUnlessLeaving}>
          <ArrowLeft aria-hidden="true" /> {back.label}
        </Link>
      </Button>
      <QueryState query={details} what="the appointment" isEmpty={() => false} empty={null}>
        {(data) => <Workspace details={data} {...zoneProps} />}
      </QueryState>
    </div>
  );
}

function Workspace({ details, timeZone, zone }: { details: AdminAppointmentDetails } & ZoneProps) {
  const { appointment } = details;
  const wide = useWideScreen();
  // On a phone, a prescription she was writing before a reload opens the sheet on it.
  const [drawerOpen, setDrawerOpen] = useState(() => hasPrescriptionDraft(appointment.id));
  const sheet = useRef<HTMLElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const closeDrawer = () => {
    // What she was typing is saved as the field loses focus; then the sheet hides, and focus goes back to its button.
    if (sheet.current?.contains(document.activeElement) && document.activeElement instanceof HTMLElement)
      document.activeElement.blur();
    setDrawerOpen(false);
    opener.current?.focus();
  };
  useEffect(() => {
    if (drawerOpen && !wide) sheet.current?.focus();
  }, [drawerOpen, wide]);
  const drawer = !wide;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_28rem] lg:items-start">
      {/* On a laptop the call stays in view while the record beside it scrolls. */}
      <div className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-4">
        <PatientHeader appointment={appointment} zone={zone} />
        <WorkspaceVideo appointment={appointment} timeZone={timeZone} zone={zone} />
        {drawer && (
          <Button
            ref={opener}
            size="lg"
            variant="outline"
            className="h-auto py-3 whitespace-normal"
            aria-expanded={drawerOpen}
            aria-controls="workspace-record"
            onClick={() => setDrawerOpen(true)}
          >
            <PanelRightOpen aria-hidden="true" /> Record, reports, notes and prescription
          </Button>
        )}
      </div>
      {/*
        One panel in one place whatever the width: beside the call on a wide screen, a sheet over the lower part of a
        narrow one. It is hidden, never unmounted, so a prescription half written survives closing the sheet or
        narrowing the window.
      */}
      <aside
        ref={sheet}
        id="workspace-record"
        aria-label="The child's record"
        tabIndex={-1}
        onKeyDown={(event) => {
          if (drawer && event.key === "Escape") closeDrawer();
        }}
        className={cn(
          "min-w-0 focus:outline-none",
          drawer &&
            "fixed inset-x-0 bottom-0 z-40 max-h-[70dvh] overflow-y-auto border-t border-slate-300 bg-white p-4 shadow-2xl",
          drawer && !drawerOpen && "hidden",
        )}
      >
        {drawer && (
          <div className="mb-3 flex items-center justify-between gap-2">
            <p className="font-semibold text-slate-900">{appointment.patientName}</p>
            <Button size="sm" variant="outline" onClick={closeDrawer}>
              <X aria-hidden="true" /> Close
            </Button>
          </div>
        )}
        <Card className={cn("p-4", drawer && "border-0 p-0 shadow-none")}>
          <WorkspacePanel appointment={appointment} timeZone={timeZone} zone={zone} />
        </Card>
      </aside>
    </div>
  );
}

function PatientHeader({ appointment, zone }: { appointment: AdminAppointment; zone: string | undefined }) {
  return (
    <div className="flex flex-col gap-1">
      <h2 className="text-xl font-semibold text-slate-900">
        {appointment.patientName}
        <span className="font-normal text-slate-700">, {patientAge(appointment).replace(/^Age /, "")}</span>
      </h2>
      <p className="text-sm text-slate-700">
        {appointmentDateTime(appointment, zone)} · Booking #{appointment.bookingId}
        {appointment.consultationType === "follow_up" ? " · Follow-up" : ""}
      </p>
      <p className="wrap-anywhere text-sm text-slate-800">{appointment.reasonForConsultation}</p>
      {/* Whom to call when the video will not connect. */}
      <p className="wrap-anywhere text-sm text-slate-700">
        {appointment.guardian
          ? `${appointment.guardian.name} (${appointment.guardian.relationship})`
          : appointment.patientName}
        {" · "}
        <a className="text-brand-700 underline underline-offset-4" href={phoneHref(appointment.patientPhone)}>
          {phoneForDisplay(appointment.patientPhone)}
        </a>
        {" · "}
        <a
          className="text-brand-700 underline underline-offset-4"
          href={`mailto:${appointment.patientEmail}`}
        >
          {appointment.patientEmail}
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        <AppointmentStatusBadge status={appointment.status} />
        <PaymentStatusBadge status={appointment.paymentStatus} />
      </div>
    </div>
  );
}

const TABS = ["record", "reports", "notes", "prescription", "finish"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  record: "Record",
  reports: "Reports",
  notes: "Notes",
  prescription: "Prescription",
  finish: "Finish",
};

function WorkspacePanel({ appointment, timeZone, zone }: { appointment: AdminAppointment } & ZoneProps) {
  // A prescription she was writing before a reload is where she comes back to.
  const [first] = useState<Tab>(() => (hasPrescriptionDraft(appointment.id) ? "prescription" : "record"));
  const [tab, setTab] = useState<Tab>(first);
  // A tab is loaded when first opened, and kept after: notes half typed or a prescription half written survive a
  // look at the reports.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set([first]));
  const select = (next: Tab) => {
    setTab(next);
    setOpened((before) => (before.has(next) ? before : new Set([...before, next])));
  };
  const tabProps = useTabs(TABS, tab, select);
  const id = appointment.id;
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label="The consultation"
        className="flex flex-wrap gap-1 border-b border-slate-200"
      >
        {TABS.map((name) => (
          <button
            key={name}
            id={`workspace-tab-${name}`}
            aria-controls={`workspace-panel-${name}`}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              tab === name
                ? "border-brand-700 text-brand-800"
                : "border-transparent text-slate-700 hover:text-slate-900",
            )}
            {...tabProps(name)}
          >
            {TAB_LABELS[name]}
          </button>
        ))}
      </div>
      {TABS.filter((name) => opened.has(name)).map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`workspace-panel-${name}`}
          aria-labelledby={`workspace-tab-${name}`}
          hidden={tab !== name}
        >
          {name === "record" && <RecordTab appointmentId={id} timeZone={timeZone} zone={zone} />}
          {name === "reports" && <ReportsTab appointmentId={id} timeZone={timeZone} zone={zone} />}
          {name === "notes" && <NotesEditor appointmentId={id} timeZone={timeZone} zone={zone} />}
          {name === "prescription" && <PrescriptionTab appointmentId={id} timeZone={timeZone} zone={zone} />}
          {name === "finish" && <FinishTab appointmentId={id} timeZone={timeZone} zone={zone} />}
        </div>
      ))}
    </div>
  );
}

/** The prescription, starting from what the child's earlier one said of the child. */
function PrescriptionTab({ appointmentId, timeZone, zone }: { appointmentId: string } & ZoneProps) {
  const record = useQuery(patientRecordOfAppointmentQuery(appointmentId));
  const childsLast = record.data ? childsLastPrescription(record.data, appointmentId) : null;
  return (
    <PrescriptionSection
      appointmentId={appointmentId}
      timeZone={timeZone}
      zone={zone}
      childsLast={childsLast}
    />
  );
}

/** This consultation's consent and payment, then the child's earlier consultations with notes and prescriptions. */
function RecordTab({ appointmentId, timeZone, zone }: { appointmentId: string } & ZoneProps) {
  const record = useQuery(patientRecordOfAppointmentQuery(appointmentId));
  return (
    <QueryState query={record} what="the child's record" isEmpty={() => false} empty={null}>
      {(data) => {
        const current = data.consultations.find((entry) => entry.appointment.id === appointmentId);
        const earlier = data.consultations.filter((entry) => entry.appointment.id !== appointmentId);
        return (
          <div className="flex flex-col gap-4 text-sm">
            {current && (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-medium text-slate-600">Consent</dt>
                <dd>
                  {current.consents.length === 0
                    ? "Booked before consent was recorded"
                    : current.consents.map((consent) => (
                        <span key={consent.givenAt} className="block">
                          Version {consent.version}
                          <ConsentLanguage language={consent.language} />, given by {consent.givenBy},{" "}
                          {formatInstant(consent.givenAt, timeZone, zone)}
                        </span>
                      ))}
                </dd>
                <dt className="font-medium text-slate-600">Payment</dt>
                <dd>
                  {current.appointment.paidAmount === null
                    ? "Not paid"
                    : `₹${formatRupees(current.appointment.paidAmount)} paid`}
                  {current.refunds.map((refund) => (
                    <span key={refund.refundId} className="block">
                      Refund ₹{formatRupees(refund.amount)} ({refund.state})
                    </span>
                  ))}
                </dd>
              </dl>
            )}
            <section aria-labelledby="earlier-title" className="flex flex-col gap-2">
              <h3 id="earlier-title" className="font-semibold text-slate-900">
                {earlier.some((entry) => current && isAfter(entry.appointment, current.appointment))
                  ? "Other consultations"
                  : "Earlier consultations"}
              </h3>
              {earlier.length === 0 ? (
                <p className="text-slate-600">This is the first consultation of {data.patientName}.</p>
              ) : (
                <ol className="flex flex-col gap-3">
                  {earlier.map(({ appointment, notes, prescriptions }) => (
                    <li key={appointment.id} className="rounded-md border border-slate-200 p-3">
                      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                        {formatShortDate(appointment.appointmentDate)}
                        <AppointmentStatusBadge status={appointment.status} />
                      </p>
                      <p className="wrap-anywhere text-slate-700">{appointment.reasonForConsultation}</p>
                      <p className="wrap-anywhere text-xs text-slate-600">
                        Booked by {appointment.guardian?.name ?? appointment.patientName} ·{" "}
                        {appointment.patientEmail}
                      </p>
                      {current && (
                        <SameChildCheck doubts={sameChildDoubts(current.appointment, appointment)} />
                      )}
                      <p className="mt-1 whitespace-pre-wrap text-slate-800">
                        {notes ?? "No notes written."}
                      </p>
                      <PrescriptionInForce prescriptions={prescriptions} />
                      {prescriptions.map((prescription) => (
                        <a
                          key={prescription.id}
                          href={prescriptionPdfUrl(appointment.id, prescription.id)}
                          download
                          className="mt-1 flex items-center gap-1.5 font-medium text-brand-700 underline"
                        >
                          <FileText className="size-4" aria-hidden="true" />
                          Prescription version {prescription.version} (PDF)
                        </a>
                      ))}
                    </li>
                  ))}
                </ol>
              )}
            </section>
            {/* What was sent about this booking, after the child's history she opens the tab for. */}
            <MessagesSent appointmentId={appointmentId} timeZone={timeZone} zone={zone} />
          </div>
        );
      }}
    </QueryState>
  );
}

/**
 * What the consultation's prescription in force (its latest version) gave, to read beside the call without opening
 * the PDF: the diagnosis, each medicine with its dose, the advice and the weight.
 */
function PrescriptionInForce({
  prescriptions,
}: {
  prescriptions: PatientRecord["consultations"][number]["prescriptions"];
}) {
  const latest = prescriptions.reduce<(typeof prescriptions)[number] | undefined>(
    (found, candidate) => (!found || candidate.version > found.version ? candidate : found),
    undefined,
  );
  if (!latest) return null;
  const { diagnosis, medicines, investigations, advice, weightKg } = latest.content;
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 rounded-md bg-slate-50 p-2 text-slate-800">
      <dt className="font-medium text-slate-600">Diagnosis</dt>
      <dd className="wrap-anywhere whitespace-pre-wrap">{diagnosis}</dd>
      <dt className="font-medium text-slate-600">Medicines</dt>
      <dd className="wrap-anywhere">
        {medicines.length === 0 ? (
          "None"
        ) : (
          <ol className="list-decimal divide-y divide-slate-200 pl-5">
            {medicines.map((medicine, index) => (
              <li key={index} className="py-0.5">
                {medicine.genericName} {medicine.strength}: {medicine.dose}, {medicine.frequency},{" "}
                {medicine.duration}
                {medicine.instructions ? ` (${medicine.instructions})` : ""}
              </li>
            ))}
          </ol>
        )}
      </dd>
      {investigations && (
        <>
          <dt className="font-medium text-slate-600">Investigations</dt>
          <dd className="wrap-anywhere whitespace-pre-wrap">{investigations}</dd>
        </>
      )}
      {advice && (
        <>
          <dt className="font-medium text-slate-600">Advice</dt>
          <dd className="wrap-anywhere whitespace-pre-wrap">{advice}</dd>
        </>
      )}
      {weightKg !== null && (
        <>
          <dt className="font-medium text-slate-600">Weight</dt>
          <dd>{weightKg} kg</dd>
        </>
      )}
    </dl>
  );
}

/** Whether a booking's consultation comes after another's (a review already booked). */
function isAfter(
  a: { appointmentDate: string; appointmentTime: string },
  b: { appointmentDate: string; appointmentTime: string },
): boolean {
  return `${a.appointmentDate} ${a.appointmentTime}` > `${b.appointmentDate} ${b.appointmentTime}`;
}

/** Why an earlier booking might be another child's (a sibling booked from the same phone), for her to check. */
function SameChildCheck({ doubts }: { doubts: string[] }) {
  if (doubts.length === 0) return null;
  const reasons = doubts.join("; ");
  return <p className="text-xs font-medium text-amber-800">Check that this is the same child: {reasons}.</p>;
}

/** The parent's reports, each viewable here: an image or a PDF in place, a HEIC photo (no browser shows it) to save. */
function ReportsTab({ appointmentId, timeZone, zone }: { appointmentId: string } & ZoneProps) {
  const [viewing, setViewing] = useState<ReportUpload | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <ReportUploadsList appointmentId={appointmentId} timeZone={timeZone} zone={zone} onView={setViewing} />
      {viewing && (
        <ReportViewer appointmentId={appointmentId} upload={viewing} onClose={() => setViewing(null)} />
      )}
    </div>
  );
}

function ReportViewer({
  appointmentId,
  upload,
  onClose,
}: {
  appointmentId: string;
  upload: ReportUpload;
  onClose: () => void;
}) {
  const src = reportViewUrl(appointmentId, upload.id);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex items-center justify-between gap-2 text-sm font-medium text-slate-900">
        <span className="min-w-0 break-all">{upload.fileName}</span>
        <Button size="sm" variant="ghost" onClick={onClose} aria-label={`Close ${upload.fileName}`}>
          <X aria-hidden="true" />
        </Button>
      </figcaption>
      {upload.contentType === "application/pdf" ? (
        <iframe
          src={src}
          title={upload.fileName}
          className="h-[70dvh] w-full rounded-md border border-slate-200"
        />
      ) : upload.contentType === "image/jpeg" || upload.contentType === "image/png" ? (
        <img src={src} alt={upload.fileName} className="max-h-[70dvh] w-full rounded-md object-contain" />
      ) : (
        <p className="text-sm text-slate-700">
          This photo is in the HEIC format, which browsers cannot show: download it to open it.
        </p>
      )}
    </figure>
  );
}

/** The end of the consultation: completed or no-show (and her other actions), then the follow-up. */
function FinishTab({ appointmentId, timeZone, zone }: { appointmentId: string } & ZoneProps) {
  const details = useQuery(appointmentDetailsQuery(appointmentId));
  const startsAt = outcomeOpensAt(details.data, timeZone);
  useRefetchAt(startsAt, details.refetch);
  return (
    <div className="flex flex-col gap-4">
      {startsAt && (
        <p className="text-sm text-slate-700" data-testid="outcome-not-yet">
          Completed and No-show appear here when the consultation starts, at {clockTime(startsAt, timeZone)}.
        </p>
      )}
      <AppointmentActions appointmentId={appointmentId} timeZone={timeZone} zone={zone} />
      <FollowUp appointmentId={appointmentId} />
    </div>
  );
}

/** When a confirmed consultation that has not started yet starts (ISO): Completed and No-show open then. */
function outcomeOpensAt(details: AdminAppointmentDetails | undefined, timeZone: string | undefined) {
  if (!details || !timeZone) return undefined;
  const { appointment, actions } = details;
  if (appointment.status !== "confirmed" || appointment.parentAskedAt || actions.noShow) return undefined;
  return slotStart(appointment.appointmentDate, appointment.appointmentTime, timeZone).toISOString();
}

function FollowUp({ appointmentId }: { appointmentId: string }) {
  const details = useQuery(appointmentDetailsQuery(appointmentId));
  const followUp = useQuery(followUpQuery(appointmentId, details.data?.appointment.status ?? ""));
  const offer = followUp.data?.available ? followUp.data.link : null;
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    toast({ title: "Follow-up link copied", description: "Send it to the parent, or open it to book." });
  };
  return (
    <section aria-labelledby="follow-up-title" className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h3 id="follow-up-title" className="text-sm font-semibold text-slate-900">
        Book a follow-up
      </h3>
      {offer ? (
        <>
          <p className="text-sm text-slate-700">
            A follow-up for this child, {followUpPriceLabel(offer.fee)}, up to{" "}
            {formatShortDate(offer.lastDate)}. The parent has the same link on the booking&apos;s page and on
            the prescription. To choose a time with them now, book it here: the booking opens in a new tab, so
            the call goes on.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <a href={offer.url} target="_blank" rel="noreferrer">
                Book a follow-up (new tab)
              </a>
            </Button>
            <Button size="sm" variant="outline" onClick={() => void copy(offer.url)}>
              <Copy aria-hidden="true" /> Copy the link for the parent
            </Button>
          </div>
        </>
      ) : followUp.data && !followUp.data.available ? (
        <>
          <p className="text-sm text-slate-600">{followUp.data.reason}</p>
          {followUp.data.inSettings && (
            // A new tab, so a call in progress goes on; this tab asks again when Finish is opened.
            <p className="text-sm">
              <a
                href="/admin/settings#fee-settings-title"
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-700 underline"
              >
                Set the follow-up fee in Settings (new tab)
              </a>
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
