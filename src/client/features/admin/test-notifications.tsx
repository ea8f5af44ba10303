import type {
  AdminAppointmentViewPage,
  ChannelSetup,
  NotificationTestRecipients,
  NotificationTestResult,
} from "@shared/admin";
import { useMutation, useQuery } from "@tanstack/react-query";
import { BellRing, CheckCircle2, FileText, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { SubmitButton } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/use-toast";
import { errorStatus, serverMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import {
  appointmentStatusLabel,
  channelOutcomeLabel,
  NOTIFICATION_CHANNELS,
  notificationSummary,
  resolveAppointmentId,
} from "./admin-format";
import { adminKeys, notificationRecipientsQuery, testNotifications } from "./api";
import { SectionCard } from "./section-title";

type SendTo = "patient" | "doctor";

const SEND_TO_OPTIONS: readonly { value: SendTo; label: string; hint: string }[] = [
  {
    value: "doctor",
    label: "Me",
    hint: "Your own e-mail address and WhatsApp number, to see what the patient receives",
  },
  {
    value: "patient",
    label: "The patient",
    hint: "The patient's e-mail address and phone, as a real confirmation",
  },
];

/** A full appointment id, or an 8-character booking id (with or without '#'): worth asking the server about. */
function lookupId(input: string): string | null {
  const id = input.trim().replace(/^#/, "");
  return /^[0-9a-f]{8}$/i.test(id) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? id.toLowerCase()
    : null;
}

/** The appointments the dashboard has loaded, to expand a booking id without asking the server. */
function loadedAppointments() {
  return queryClient
    .getQueriesData<AdminAppointmentViewPage>({ queryKey: adminKeys.appointmentViews })
    .flatMap(([, page]) => page?.appointments ?? []);
}

/**
 * Test Notifications: sends the confirmation messages of one appointment again, now, to check each channel. The
 * doctor chooses whether the patient's messages go to the patient or to the doctor's own address and number, and
 * sees whom the test will reach before sending it.
 */
export function TestNotifications() {
  const [appointmentId, setAppointmentId] = useState("");
  const [sendTo, setSendTo] = useState<SendTo>("doctor");
  const id = lookupId(appointmentId);
  const recipients = useQuery({
    ...notificationRecipientsQuery(id ?? ""),
    enabled: id !== null,
    retry: false,
  });

  const test = useMutation({
    mutationFn: testNotifications,
    onSuccess: (result) => {
      toast({ title: "Test Complete", description: notificationSummary(result) });
    },
    onError: (error, variables) => {
      toast({
        title: "Test Failed",
        description: serverMessage(error) ?? "Failed to test notifications",
        variant: "destructive",
        action: { label: "Try Again", onClick: () => test.mutate(variables) },
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (appointmentId.trim() === "") {
      toast({
        title: "Validation Error",
        description: "Please enter an appointment ID",
        variant: "destructive",
        action: {
          label: "Review Form",
          onClick: () => document.getElementById("test-appointment-id")?.focus(),
        },
      });
      return;
    }
    test.mutate({ appointmentId: resolveAppointmentId(appointmentId, loadedAppointments()), sendTo });
  };

  return (
    <SectionCard
      id="test-notifications-title"
      icon={BellRing}
      title="Test Notifications"
      className="flex h-full flex-col gap-4 p-5 sm:p-6"
      headClassName="flex flex-col gap-1"
      intro={
        <p className="text-sm text-slate-600">
          Sends the confirmation e-mails and WhatsApp messages of an appointment again, now, to check each
          channel.
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-4">
        <div className="flex max-w-md flex-col gap-1.5">
          <Label htmlFor="test-appointment-id">Appointment ID</Label>
          <Input
            id="test-appointment-id"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="test-appointment-id-hint"
            value={appointmentId}
            onChange={(event) => setAppointmentId(event.target.value)}
          />
          <p id="test-appointment-id-hint" className="text-xs text-slate-600">
            The full appointment ID, or the 8-character booking ID shown in the appointments list.
          </p>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">
            Send the patient&apos;s messages to
          </legend>
          {SEND_TO_OPTIONS.map((option) => (
            <RadioOption
              key={option.value}
              name="send-to"
              {...option}
              checked={sendTo === option.value}
              onChange={setSendTo}
            />
          ))}
        </fieldset>
        {id !== null && (
          <RecipientsPreview
            state={
              recipients.data
                ? { kind: "found", recipients: recipients.data }
                : recipients.isError
                  ? { kind: errorStatus(recipients.error) === 404 ? "unknown" : "error" }
                  : { kind: "loading" }
            }
            sendTo={sendTo}
          />
        )}
        <SubmitButton pending={test.isPending} busyLabel="Sending..." className="self-start">
          Send Test
        </SubmitButton>
      </form>
      {test.data && <ChannelResults result={test.data} />}
    </SectionCard>
  );
}

function RadioOption({
  name,
  value,
  checked,
  onChange,
  label,
  hint,
}: {
  name: string;
  value: SendTo;
  checked: boolean;
  onChange: (value: SendTo) => void;
  label: string;
  hint: string;
}) {
  const id = `${name}-${value}`;
  return (
    <div className="flex items-start gap-2">
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 accent-brand-700"
      />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </span>
      </div>
    </div>
  );
}

type PreviewState =
  | { kind: "loading" }
  | { kind: "unknown" }
  | { kind: "error" }
  | { kind: "found"; recipients: NotificationTestRecipients };

const setupNotes: Record<ChannelSetup, (channel: string) => string | null> = {
  configured: () => null,
  file: (channel) => `${channel} is not set up: its messages are written to files on the server instead.`,
  off: (channel) => `${channel} is not set up: its messages will not be sent.`,
};

/** Whom the test will reach, said before it is sent. */
function RecipientsPreview({ state, sendTo }: { state: PreviewState; sendTo: SendTo }) {
  if (state.kind === "loading") {
    return (
      <p className="text-sm text-slate-600" role="status">
        Looking up the appointment...
      </p>
    );
  }
  if (state.kind === "unknown") {
    return (
      <p className="text-sm text-slate-700" role="status">
        No appointment has this ID.
      </p>
    );
  }
  if (state.kind === "error") {
    return (
      <p className="text-sm text-slate-700" role="status">
        Whom the test reaches could not be looked up; it can still be sent.
      </p>
    );
  }
  const { recipients } = state;
  const live = recipients.status === "confirmed" || recipients.status === "completed";
  const patientEmail = sendTo === "doctor" ? recipients.doctor.email : recipients.patient.email;
  const patientPhone = sendTo === "doctor" ? recipients.doctor.whatsapp : recipients.patient.whatsapp;
  const notes = [
    setupNotes[recipients.channels.email]("E-mail"),
    setupNotes[recipients.channels.whatsapp]("WhatsApp"),
  ].filter((note): note is string => note !== null);
  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
      role="status"
      data-testid="test-recipients"
    >
      <p className="font-medium text-slate-900">
        {recipients.patientName}, booking #{recipients.bookingId}
      </p>
      {live ? (
        <>
          <p>This test will send:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              the patient&apos;s e-mail to <span className="break-all">{patientEmail}</span>, and your copy to{" "}
              <span className="break-all">{recipients.doctor.email}</span>;
            </li>
            <li>
              the patient&apos;s WhatsApp message to {patientPhone ?? "no valid number"}, and yours to{" "}
              {recipients.doctor.whatsapp ?? "no valid number"}.
            </li>
          </ul>
          {notes.map((note) => (
            <p key={note} className="text-slate-600">
              {note}
            </p>
          ))}
        </>
      ) : (
        <p>
          This appointment is {appointmentStatusLabel(recipients.status).toLowerCase()}: only a confirmed
          appointment has messages to test.
        </p>
      )}
    </div>
  );
}

function ChannelResults({ result }: { result: NotificationTestResult }) {
  return (
    <div className="flex max-w-2xl flex-col gap-2 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Results: {notificationSummary(result)}</h3>
      <ul className="flex flex-col gap-2" aria-label="Channel results">
        {NOTIFICATION_CHANNELS.map(({ key, label }) => {
          const channel = result[key];
          const outcome = channelOutcomeLabel(key, channel);
          const toFile = outcome === "Written to file";
          return (
            <li
              key={key}
              className="flex flex-col gap-1 rounded-md bg-slate-50 p-3"
              data-testid={`channel-${key}`}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  {toFile ? (
                    <FileText className="size-4 text-slate-600" aria-hidden="true" />
                  ) : channel?.success ? (
                    <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" />
                  ) : (
                    <XCircle className="size-4 text-red-700" aria-hidden="true" />
                  )}
                  {label}
                </span>
                <Badge variant={toFile ? "outline" : channel?.success ? "success" : "destructive"}>
                  {outcome}
                </Badge>
              </div>
              {channel?.to && <p className="text-xs break-all text-slate-600">To {channel.to}</p>}
              {channel?.note && <p className="text-xs text-slate-600">{channel.note}</p>}
              {!channel?.success && channel?.error && (
                <p className="text-xs break-words text-red-800">{channel.error}</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
