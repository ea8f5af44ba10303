import { zodResolver } from "@hookform/resolvers/zod";
import { deliveryRefreshMs } from "./delivery-refresh";
import type { AdminAppointmentDetails } from "@shared/admin";
import { clinicDate } from "@shared/clinic-time";
import {
  type ConsultationNotesInput,
  type ConsultationNotesView,
  consultationNotesSchema,
  issuePrescriptionSchemaFor,
  PATIENT_SEX_LABELS,
  PATIENT_SEXES,
  PRESCRIPTION_LIMITS,
  type PrescriptionTemplate,
  type PrescriptionView,
} from "@shared/prescription";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
  useFieldArray,
  useForm,
  useWatch,
} from "react-hook-form";
import type { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldError, InputField, TextareaField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, serverMessage } from "@/lib/api";
import { formatShortDate } from "@/lib/format";
import { useRefetchAt } from "@/lib/use-refetch-at";
import { toast } from "@/lib/use-toast";
import type { ChildsLastPrescription } from "./admin-format";
import { adminKeys, appointmentDetailsQuery } from "./api";
import {
  consultationRecordKeys,
  issuePrescription,
  notesQuery,
  prescriptionPdfUrl,
  prescriptionsQuery,
  saveNotes,
} from "./consultation-record-api";
import {
  deliveryProblemInWords,
  formatInstant,
  isNoteAProblem,
  notificationStatusHint,
  notificationStatusLabel,
} from "./notification-format";
import {
  FavouriteMedicineList,
  favouriteNamed,
  TemplateBar,
  useFavouriteMedicines,
} from "./prescription-templates";
import { readPrescriptionDraft, removePrescriptionDraft, writePrescriptionDraft } from "./prescription-draft";

interface ZoneProps {
  /** The clinic's zone and its short name, once the configuration is loaded. */
  timeZone: string | undefined;
  zone: string | undefined;
}

/**
 * The consultation record in the appointment's details: the doctor's own notes, and the prescription with every
 * version issued. A prescription is never edited; "Issue correction" starts a new version from the latest one.
 */
export function ConsultationRecord({ appointmentId, timeZone, zone }: { appointmentId: string } & ZoneProps) {
  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
      <NotesEditor appointmentId={appointmentId} timeZone={timeZone} zone={zone} />
      <PrescriptionSection appointmentId={appointmentId} timeZone={timeZone} zone={zone} />
    </div>
  );
}

function messageOf(error: unknown): string {
  return serverMessage(error) ?? "Something went wrong. Please try again.";
}

// ---------------------------------------------------------------------------------------------------------------
// Notes

export function NotesEditor({ appointmentId, timeZone, zone }: { appointmentId: string } & ZoneProps) {
  const notes = useQuery(notesQuery(appointmentId));
  if (notes.isPending) return <Skeleton className="h-28 w-full" aria-label="Loading the notes" />;
  if (notes.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        The notes could not be loaded. {messageOf(notes.error)}
      </p>
    );
  return (
    <NotesForm
      key={appointmentId}
      appointmentId={appointmentId}
      initial={notes.data}
      timeZone={timeZone}
      zone={zone}
    />
  );
}

/** How long the notes wait after the last key before they are saved. */
const AUTOSAVE_AFTER_MS = 1200;

function NotesForm({
  appointmentId,
  initial,
  timeZone,
  zone,
}: { appointmentId: string; initial: ConsultationNotesView } & ZoneProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm<ConsultationNotesInput>({
    resolver: zodResolver(consultationNotesSchema),
    defaultValues: { notes: initial.notes },
  });
  const save = useMutation({
    mutationFn: (values: ConsultationNotesInput) => saveNotes(appointmentId, values.notes),
    onSuccess: (saved) => {
      queryClient.setQueryData(consultationRecordKeys.notes(appointmentId), saved);
      // What she typed while the save was on its way stays, and is saved next.
      reset({ notes: saved.notes }, { keepDirtyValues: true });
    },
    onError: (error) => setError("notes", { type: "server", message: messageOf(error) }),
  });
  // Saved as she types: a pause of a moment sends what is written, one save at a time.
  const typed = useWatch({ control, name: "notes" });
  const saving = save.isPending;
  const { mutate } = save;
  useEffect(() => {
    if (!isDirty || saving) return;
    const timer = window.setTimeout(() => void handleSubmit((values) => mutate(values))(), AUTOSAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [typed, isDirty, saving, handleSubmit, mutate]);
  // What is written but not saved yet is saved when she leaves the notes (another tab of the workspace, the drawer
  // closed, another page): the pause the save waits for would otherwise never come. The cache takes the text at once,
  // so the notes opened again show it while the save is on its way.
  const unsaved = useRef<string | null>(null);
  useEffect(() => {
    unsaved.current = isDirty ? typed : null;
  }, [typed, isDirty]);
  useEffect(
    () => () => {
      const pending = unsaved.current;
      if (pending === null || pending.length > PRESCRIPTION_LIMITS.notes) return;
      const key = consultationRecordKeys.notes(appointmentId);
      queryClient.setQueryData<ConsultationNotesView>(key, (old) => ({
        notes: pending,
        updatedAt: old?.updatedAt ?? null,
      }));
      void saveNotes(appointmentId, pending).then(
        (saved) => queryClient.setQueryData(key, saved),
        () => void queryClient.invalidateQueries({ queryKey: key }),
      );
    },
    [appointmentId, queryClient],
  );
  // Closing or reloading the browser tab before the save: the browser asks first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);
  const updatedAt = save.data?.updatedAt ?? initial.updatedAt;
  const state = save.isPending
    ? "Saving…"
    : isDirty
      ? "Not saved yet"
      : updatedAt
        ? `Saved ${formatInstant(updatedAt, timeZone, zone)}`
        : "";

  return (
    <form
      noValidate
      aria-label="Consultation notes"
      className="flex flex-col gap-2"
      onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
    >
      <TextareaField
        id={`${id}-notes`}
        label="Consultation notes"
        hint="Saved as you type. Not sent to the parent. They are part of the medical record: a parent who downloads their data from the booking's page receives them."
        error={errors.notes?.message}
        rows={5}
        maxLength={PRESCRIPTION_LIMITS.notes}
        {...register("notes", {
          // Leaving the box saves at once, without waiting for the pause.
          onBlur: () => {
            if (isDirty && !saving) void handleSubmit((values) => mutate(values))();
          },
        })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" variant="outline" disabled={save.isPending || !isDirty}>
          Save notes
        </Button>
        <p role="status" className="text-xs text-slate-600">
          {state}
        </p>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Prescription: the versions and the form

export function PrescriptionSection({
  appointmentId,
  timeZone,
  zone,
  childsLast,
}: {
  appointmentId: string;
  /** The child's latest earlier prescription, where the record is at hand (the workspace). */
  childsLast?: ChildsLastPrescription | null;
} & ZoneProps) {
  const list = useQuery(prescriptionsQuery(appointmentId));
  // Until she opens or closes the form, it is open where a draft of hers waits in this tab (after a reload).
  const [chosen, setWriting] = useState<boolean | null>(null);
  const writing =
    chosen ??
    (list.data ? readPrescriptionDraft(appointmentId, list.data.prescriptions[0]?.id) !== null : false);
  const issuableFrom = list.data?.issuable.allowed === false ? list.data.issuable.from : undefined;
  useRefetchAt(issuableFrom, list.refetch);
  const heading = (
    <h3 className="text-sm font-semibold text-slate-900" id={`prescription-${appointmentId}`}>
      Prescription
    </h3>
  );
  if (list.isPending)
    return (
      <section className="flex flex-col gap-2">
        {heading}
        <Skeleton className="h-10 w-full" aria-label="Loading the prescriptions" />
      </section>
    );
  if (list.isError)
    return (
      <section className="flex flex-col gap-2">
        {heading}
        <p role="alert" className="text-sm text-red-700">
          The prescriptions could not be loaded. {messageOf(list.error)}
        </p>
      </section>
    );
  const { prescriptions, issuable } = list.data;
  const latest = prescriptions[0];
  // Before the consultation starts she may prepare the prescription (and her templates); issuing waits for the start.
  const preparable = issuableFrom !== undefined;
  return (
    <section aria-labelledby={`prescription-${appointmentId}`} className="flex flex-col gap-3">
      {heading}
      {prescriptions.length > 0 ? (
        <VersionList appointmentId={appointmentId} versions={prescriptions} timeZone={timeZone} zone={zone} />
      ) : (
        <p className="text-sm text-slate-600">No prescription issued yet.</p>
      )}
      {writing && (issuable.allowed || preparable) ? (
        <PrescriptionForm
          appointmentId={appointmentId}
          latest={latest}
          childsLast={childsLast ?? null}
          timeZone={timeZone}
          notYet={issuable.allowed ? undefined : issuable.message}
          onDone={() => setWriting(false)}
        />
      ) : issuable.allowed || preparable ? (
        <div className="flex flex-col gap-2">
          {preparable && (
            <p className="text-sm text-slate-600" data-testid="prescription-not-issuable">
              {issuable.message} You can prepare it now, and save it or a part of it as a template.
            </p>
          )}
          <div>
            <Button size="sm" onClick={() => setWriting(true)}>
              {latest ? "Issue correction" : preparable ? "Prepare the prescription" : "Write prescription"}
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600" data-testid="prescription-not-issuable">
          {issuable.message}
        </p>
      )}
    </section>
  );
}

function VersionList({
  appointmentId,
  versions,
  timeZone,
  zone,
}: { appointmentId: string; versions: PrescriptionView[] } & ZoneProps) {
  return (
    <ul aria-label="Prescription versions" className="flex flex-col gap-2">
      {versions.map((version) => (
        <li
          key={version.id}
          className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 text-sm sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="flex min-w-0 flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              Version {version.version}
              {version.superseded ? (
                <Badge variant="outline">Replaced</Badge>
              ) : (
                <Badge variant="success">Current</Badge>
              )}
            </p>
            <p className="text-slate-600">
              Issued {formatInstant(version.issuedAt, timeZone, zone)}
              {version.replacesVersion ? ` · replaces version ${version.replacesVersion}` : ""}
            </p>
            <p className="wrap-anywhere text-slate-800">
              {version.content.diagnosis} · {medicinesSummary(version)}
            </p>
            <PrescriptionDelivery appointmentId={appointmentId} version={version.version} />
          </div>
          <Button asChild size="sm" variant="outline" className="shrink-0">
            <a
              href={prescriptionPdfUrl(appointmentId, version.id)}
              download
              aria-label={`Download version ${version.version} (PDF)`}
            >
              <Download aria-hidden="true" /> PDF
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}

const CHANNEL_NAMES = { email: "E-mail", whatsapp: "WhatsApp" } as const;

/**
 * How a version went to the parent, by e-mail and WhatsApp, where she issued it: "E-mail: Sent · WhatsApp: Retrying",
 * and in plain words what went wrong. Asked again while a message is still on its way (see deliveryRefreshMs).
 */
function PrescriptionDelivery({ appointmentId, version }: { appointmentId: string; version: number }) {
  const kind = `prescription_v${version}`;
  const ofVersion = (details: AdminAppointmentDetails | undefined) =>
    details?.messages.filter((message) => message.kind === kind && message.recipient === "patient") ?? [];
  const details = useQuery({
    ...appointmentDetailsQuery(appointmentId),
    refetchInterval: (query) => deliveryRefreshMs(ofVersion(query.state.data), Date.now()),
  });
  const messages = ofVersion(details.data);
  if (messages.length === 0) return null;
  const problems = messages
    .filter((message) => isNoteAProblem(message) && message.lastError)
    .map((message) => deliveryProblemInWords(message.channel, message.lastError ?? "", message.status))
    .filter((words) => words !== null);
  return (
    <div className="text-slate-700" data-testid="prescription-delivery">
      <p>
        To the parent:{" "}
        {messages
          .map(
            (message) =>
              `${CHANNEL_NAMES[message.channel]} ${notificationStatusLabel(message.status, message.attempts).toLowerCase()}`,
          )
          .join(" · ")}
      </p>
      {[...new Set(messages.map((message) => notificationStatusHint(message.status)))].map(
        (hint) =>
          hint && (
            <p key={hint} className="text-xs text-slate-600">
              {hint}
            </p>
          ),
      )}
      {problems.map((words) => (
        <p key={words} className="text-red-800">
          {words}
        </p>
      ))}
    </div>
  );
}

/** "FUROSEMIDE, DIGOXIN", or what a prescription without medicines gives instead. */
function medicinesSummary({ content }: PrescriptionView): string {
  if (content.medicines.length > 0)
    return content.medicines.map((medicine) => medicine.genericName).join(", ");
  const gives = [content.advice && "advice", content.investigations && "investigations"].filter(Boolean);
  return `no medicines${gives.length > 0 ? ` (${gives.join(" and ")} only)` : ""}`;
}

/** "3 Oct 2026": the clinic's date of an instant. */
function issuedOn(iso: string, timeZone: string | undefined): string {
  return formatShortDate(clinicDate(new Date(iso), timeZone ?? "Asia/Kolkata"));
}

type FormInput = z.input<ReturnType<typeof issuePrescriptionSchemaFor>>;
type FormOutput = z.output<ReturnType<typeof issuePrescriptionSchemaFor>>;
type MedicineInput = NonNullable<FormInput["medicines"]>[number];

const emptyMedicine = (): MedicineInput => ({
  genericName: "",
  strength: "",
  dose: "",
  frequency: "",
  duration: "",
  instructions: "",
});

/**
 * A new prescription starts empty but for the sex the child's earlier prescription gave; a correction starts from the
 * latest version, which it will replace. The weight is never carried over: a child's dose follows today's weight.
 */
function defaultsFrom(
  latest: PrescriptionView | undefined,
  childsLast: ChildsLastPrescription | null,
): DefaultValues<FormInput> {
  const content = latest?.content;
  const patientSex = content?.patientSex ?? childsLast?.patientSex;
  return {
    // Otherwise the sex is chosen, never guessed: no default for a child's first prescription.
    ...(patientSex ? { patientSex } : {}),
    weightKg: content?.weightKg ?? null,
    diagnosis: content?.diagnosis ?? "",
    medicines: content ? content.medicines.map((medicine) => ({ ...medicine })) : [emptyMedicine()],
    investigations: content?.investigations ?? "",
    advice: content?.advice ?? "",
    followUpDate: content?.followUpDate ?? "",
    ...(latest ? { replaces: latest.id } : {}),
  };
}

/** The server's field messages (paths such as "medicines.0.dose") under the fields they concern. */
function serverIssues(error: unknown): { path: string; message: string }[] {
  return error instanceof ApiError && error.status === 400 ? (error.body?.issues ?? []) : [];
}

function PrescriptionForm({
  appointmentId,
  latest,
  childsLast,
  timeZone,
  notYet,
  onDone,
}: {
  appointmentId: string;
  latest: PrescriptionView | undefined;
  childsLast: ChildsLastPrescription | null;
  timeZone: string | undefined;
  /** Why it cannot be issued yet (the consultation has not started): it is being prepared. */
  notYet: string | undefined;
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  // The follow-up date is checked against today in the clinic's zone, as the server does.
  const today = clinicDate(new Date(), timeZone ?? "Asia/Kolkata");
  const schema = useMemo(() => issuePrescriptionSchemaFor(today), [today]);
  // What she was writing before a reload comes back (the tab keeps it until issued, cancelled or signed out).
  const [restored] = useState(() => readPrescriptionDraft(appointmentId, latest?.id));
  const {
    register,
    handleSubmit,
    control,
    setError,
    getValues,
    setValue,
    subscribe,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { ...defaultsFrom(latest, childsLast), ...restored },
  });
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => writePrescriptionDraft(appointmentId, latest?.id, values),
      }),
    [subscribe, appointmentId, latest?.id],
  );
  // The record may arrive after the form opened: its sex fills the choice while none is made.
  useEffect(() => {
    if (childsLast && !getValues("patientSex")) setValue("patientSex", childsLast.patientSex);
  }, [childsLast, getValues, setValue]);
  const sexFromEarlier = !latest && childsLast !== null;
  const medicines = useFieldArray({ control, name: "medicines" });
  const favourites = useFavouriteMedicines();
  /** A generic name she has prescribed before fills the rest of its row as she wrote it last, where still empty. */
  const fillFromFavourite = (index: number, name: string) => {
    const favourite = favouriteNamed(favourites, name);
    if (!favourite) return;
    for (const field of ["strength", "dose", "frequency", "duration", "instructions"] as const)
      if (!getValues(`medicines.${index}.${field}`))
        setValue(`medicines.${index}.${field}`, favourite[field]);
  };
  const templateContent = () => ({
    diagnosis: getValues("diagnosis")?.trim() ?? "",
    medicines: (getValues("medicines") ?? [])
      .map((medicine) => ({
        genericName: medicine.genericName?.trim().toUpperCase() ?? "",
        strength: medicine.strength?.trim() ?? "",
        dose: medicine.dose?.trim() ?? "",
        frequency: medicine.frequency?.trim() ?? "",
        duration: medicine.duration?.trim() ?? "",
        instructions: medicine.instructions?.trim() ?? "",
      }))
      // The empty row a new form starts with is no medicine: an advice-only template leaves it out.
      .filter((medicine) => Object.values(medicine).some((value) => value !== "")),
    investigations: getValues("investigations")?.trim() ?? "",
    advice: getValues("advice")?.trim() ?? "",
  });
  const applyTemplate = ({ content }: PrescriptionTemplate) => {
    if (content.diagnosis) setValue("diagnosis", content.diagnosis);
    medicines.replace(content.medicines.map((medicine) => ({ ...medicine })));
    setValue("investigations", content.investigations);
    setValue("advice", content.advice);
  };
  const [confirming, setConfirming] = useState<FormOutput | null>(null);
  // Cancel next to Issue: what she wrote is not thrown away on one tap.
  const [discarding, setDiscarding] = useState(false);
  const hasWriting = () => {
    const written = templateContent();
    return Boolean(
      written.diagnosis || written.medicines.length > 0 || written.investigations || written.advice,
    );
  };
  const discard = () => {
    removePrescriptionDraft(appointmentId, latest?.id);
    onDone();
  };
  const nextVersion = (latest?.version ?? 0) + 1;

  const issue = useMutation({
    mutationFn: (values: FormOutput) => issuePrescription(appointmentId, values),
    onSuccess: async (issued) => {
      removePrescriptionDraft(appointmentId, latest?.id);
      toast({
        title: "Prescription issued",
        description: `Version ${issued.version} is on its way to the parent by e-mail and WhatsApp.`,
      });
      onDone();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: consultationRecordKeys.prescriptions(appointmentId) }),
        // The details' list of messages shows the new ones.
        queryClient.invalidateQueries({ queryKey: adminKeys.appointmentDetails(appointmentId), exact: true }),
      ]);
    },
    onError: (error) => {
      setConfirming(null);
      for (const issue of serverIssues(error))
        setError(issue.path as FieldPath<FormInput>, { type: "server", message: issue.message });
    },
  });

  return (
    <div className="flex flex-col gap-2">
      <TemplateBar current={templateContent} onApply={applyTemplate} />
      <FavouriteMedicineList id={`${id}-favourites`} />
      <form
        noValidate
        aria-label={latest ? `Correction of version ${latest.version}` : "New prescription"}
        className="flex flex-col gap-4 rounded-md border border-slate-300 bg-slate-50 p-3 sm:p-4"
        onSubmit={(event) => void handleSubmit((values) => setConfirming(values))(event)}
      >
        <p className="text-sm text-slate-700">
          {latest
            ? `Version ${nextVersion} will replace version ${latest.version}. The parent receives it with the earlier one marked as replaced.`
            : "The parent receives the prescription as a PDF by e-mail and WhatsApp. Once issued it cannot be edited; a mistake is put right with a correction."}
        </p>
        {restored && (
          <p className="text-sm text-slate-700" data-testid="prescription-restored">
            What you were writing here earlier is back. Cancel clears it.
          </p>
        )}
        <SexField
          id={id}
          register={register}
          errors={errors}
          earlier={sexFromEarlier && childsLast ? childsLast.issuedAt : null}
          timeZone={timeZone}
        />
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <InputField
            id={`${id}-weight`}
            label="Weight in kg (optional)"
            hint={
              !latest && childsLast?.weightKg
                ? `${childsLast.weightKg} kg on ${issuedOn(childsLast.issuedAt, timeZone)}: weigh again for today's dose.`
                : undefined
            }
            error={errors.weightKg?.message}
            type="number"
            inputMode="decimal"
            step="0.1"
            min={PRESCRIPTION_LIMITS.weightMin}
            max={PRESCRIPTION_LIMITS.weightMax}
            {...register("weightKg", {
              setValueAs: (value: unknown) => (value === "" || value === null ? null : Number(value)),
            })}
          />
          <InputField
            id={`${id}-diagnosis`}
            label="Provisional diagnosis"
            required
            error={errors.diagnosis?.message}
            maxLength={PRESCRIPTION_LIMITS.diagnosis}
            {...register("diagnosis")}
          />
        </div>

        <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-medicines-hint`}>
          <legend className="mb-1 text-sm font-semibold text-slate-900">Medicines (Rx)</legend>
          <p id={`${id}-medicines-hint`} className="text-xs text-slate-600">
            {medicines.fields.length === 0
              ? "No medicines: the prescription gives the investigations or the advice below."
              : "A prescription may also give advice or investigations alone: remove every medicine for that."}
          </p>
          {medicines.fields.map((field, index) => (
            <MedicineFields
              key={field.id}
              id={`${id}-medicine-${index}`}
              index={index}
              register={register}
              errors={errors}
              favouritesId={`${id}-favourites`}
              onGenericName={(name) => fillFromFavourite(index, name)}
              onRemove={() => medicines.remove(index)}
            />
          ))}
          <FieldError
            id={`${id}-medicines-error`}
            message={errors.medicines?.message ?? errors.medicines?.root?.message}
          />
          {medicines.fields.length < PRESCRIPTION_LIMITS.medicines ? (
            <div>
              <Button size="sm" variant="outline" onClick={() => medicines.append(emptyMedicine())}>
                <Plus aria-hidden="true" /> Add medicine
              </Button>
            </div>
          ) : null}
        </fieldset>

        {FREE_TEXT_FIELDS.map(({ name, label, rows }) => (
          <TextareaField
            key={name}
            id={`${id}-${name}`}
            label={label}
            error={errors[name]?.message}
            rows={rows}
            maxLength={PRESCRIPTION_LIMITS[name]}
            {...register(name)}
          />
        ))}
        <InputField
          id={`${id}-follow-up`}
          label="Follow-up date (optional)"
          error={errors.followUpDate?.message}
          type="date"
          min={today}
          className="sm:max-w-48"
          {...register("followUpDate")}
        />

        {confirming ? (
          <ConfirmIssue
            version={nextVersion}
            replaces={latest?.version}
            pending={issue.isPending}
            onConfirm={() => issue.mutate(confirming)}
            onBack={() => setConfirming(null)}
          />
        ) : (
          <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3">
            {notYet && (
              <p id={`${id}-not-yet`} className="w-full text-sm text-slate-700">
                {notYet}
              </p>
            )}
            <Button
              type="submit"
              size="sm"
              disabled={notYet !== undefined}
              aria-describedby={notYet ? `${id}-not-yet` : undefined}
            >
              {latest ? `Issue correction (version ${nextVersion})` : "Issue prescription"}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => (hasWriting() ? setDiscarding(true) : discard())}
            >
              Cancel
            </Button>
          </div>
        )}
        {issue.error ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {messageOf(issue.error)}
          </p>
        ) : null}
      </form>
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title={latest ? "Discard this correction?" : "Discard this prescription?"}
        description="What you wrote here is lost. Nothing has been sent to the parent."
        confirmLabel="Discard"
        cancelLabel="Keep writing"
        pending={false}
        error={null}
        onConfirm={() => {
          setDiscarding(false);
          discard();
        }}
      />
    </div>
  );
}

function SexField({
  id,
  register,
  errors,
  earlier,
  timeZone,
}: {
  id: string;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
  /** When the child's earlier prescription that gave the sex chosen here was issued. */
  earlier: string | null;
  timeZone: string | undefined;
}) {
  const errorId = `${id}-sex-error`;
  return (
    <fieldset aria-describedby={errors.patientSex ? errorId : undefined} className="flex flex-col gap-1.5">
      <legend className="text-sm font-medium text-slate-800">
        Patient&apos;s sex
        <span aria-hidden="true" className="ml-0.5 text-heart-700">
          *
        </span>
      </legend>
      <p className="text-xs text-slate-600">
        {earlier
          ? `As on the child's prescription of ${issuedOn(earlier, timeZone)}; change it if that is wrong.`
          : "The booking form does not ask for it; the prescription shows it."}
      </p>
      <div className="flex flex-wrap gap-4">
        {PATIENT_SEXES.map((sex) => (
          <label key={sex} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              value={sex}
              className="size-4 accent-brand-700"
              aria-invalid={errors.patientSex ? true : undefined}
              {...register("patientSex")}
            />
            {PATIENT_SEX_LABELS[sex]}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={errors.patientSex?.message} />
    </fieldset>
  );
}

const MEDICINE_INPUTS = [
  { name: "genericName", label: "Generic name", required: true, max: PRESCRIPTION_LIMITS.genericName },
  {
    name: "strength",
    label: "Strength",
    required: true,
    max: PRESCRIPTION_LIMITS.strength,
    placeholder: "e.g. 10 mg/ml",
  },
  { name: "dose", label: "Dose", required: true, max: PRESCRIPTION_LIMITS.dose, placeholder: "e.g. 1 ml" },
  {
    name: "frequency",
    label: "Frequency",
    required: true,
    max: PRESCRIPTION_LIMITS.frequency,
    placeholder: "e.g. twice a day",
  },
  {
    name: "duration",
    label: "Duration",
    required: true,
    max: PRESCRIPTION_LIMITS.duration,
    placeholder: "e.g. 5 days",
  },
  {
    name: "instructions",
    label: "Instructions (optional)",
    required: false,
    max: PRESCRIPTION_LIMITS.instructions,
    placeholder: "e.g. after food",
  },
] as const;

/** The prescription's free text under the medicines. */
const FREE_TEXT_FIELDS = [
  { name: "investigations", label: "Investigations (optional)", rows: 2 },
  { name: "advice", label: "Advice (optional)", rows: 3 },
] as const;

function MedicineFields({
  id,
  index,
  register,
  errors,
  favouritesId,
  onGenericName,
  onRemove,
}: {
  id: string;
  index: number;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
  /** The list of her favourite medicines the generic name suggests from, and what a chosen name fills. */
  favouritesId: string;
  onGenericName: (name: string) => void;
  onRemove: () => void;
}) {
  const rowErrors = errors.medicines?.[index];
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 bg-white p-3 sm:grid-cols-2">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium text-slate-800">
        Medicine {index + 1}
      </legend>
      {MEDICINE_INPUTS.map((input) => {
        const fieldId = `${id}-${input.name}`;
        const message = rowErrors?.[input.name]?.message;
        return (
          <InputField
            key={input.name}
            id={fieldId}
            label={input.label}
            required={input.required}
            error={message}
            maxLength={input.max}
            autoComplete="off"
            // Generic names are printed in capitals; they are shown that way while typing.
            className={input.name === "genericName" ? "uppercase" : undefined}
            {...("placeholder" in input ? { placeholder: input.placeholder } : {})}
            {...(input.name === "genericName" ? { list: favouritesId } : {})}
            {...register(`medicines.${index}.${input.name}`, {
              onChange:
                input.name === "genericName"
                  ? (event: { target: { value: string } }) => onGenericName(event.target.value)
                  : undefined,
            })}
          />
        );
      })}
      <div className="sm:col-span-2">
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove medicine ${index + 1}`}>
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </div>
    </fieldset>
  );
}

/** The last step before an irreversible send: what will happen, said plainly, with focus moved to it. */
function ConfirmIssue({
  version,
  replaces,
  pending,
  onConfirm,
  onBack,
}: {
  version: number;
  replaces: number | undefined;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The whole question with its buttons in view (it opens at the foot of a long form), then the focus on it.
    group.current?.scrollIntoView({ block: "center" });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      ref={group}
      role="group"
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-md bg-brand-50 p-3"
    >
      <h4 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900">
        Issue version {version} and send it to the parent?
      </h4>
      <p className="text-sm text-slate-700">
        {replaces
          ? `It replaces version ${replaces}, which stays on record as replaced.`
          : "It cannot be edited afterwards; a mistake is put right with a correction."}{" "}
        The PDF goes out by e-mail and WhatsApp at once.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={pending} onClick={onConfirm}>
          {pending ? "Issuing…" : "Issue and send"}
        </Button>
        <Button size="sm" variant="ghost" disabled={pending} onClick={onBack}>
          Back to editing
        </Button>
      </div>
    </div>
  );
}
