import type { AdminAppointmentPage, NotificationTestResult } from "@shared/admin";
import { useMutation } from "@tanstack/react-query";
import { BellRing, CheckCircle2, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { NOTIFICATION_CHANNELS, notificationSummary, resolveAppointmentId } from "./admin-format";
import { serverMessage } from "./api-errors";
import { noteSessionEnded, RECENT_APPOINTMENTS_KEY } from "./admin-session";
import { SectionTitle } from "./section-title";

/** Test Notifications (spec sections 2, 5 and 8): sends every notification of one appointment again. */
export function TestNotifications() {
  const [appointmentId, setAppointmentId] = useState("");

  const test = useMutation({
    mutationFn: async (id: string) => {
      const response = await apiRequest("POST", `/api/test-notifications/${encodeURIComponent(id)}`, {});
      return (await response.json()) as NotificationTestResult;
    },
    onSuccess: (result) => {
      toast({ title: "Test Complete", description: notificationSummary(result) });
    },
    onError: (error) => {
      toast({
        title: "Test Failed",
        description: serverMessage(error) ?? "Failed to test notifications",
        variant: "destructive",
      });
      noteSessionEnded(error);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (appointmentId.trim() === "") {
      toast({
        title: "Validation Error",
        description: "Please enter an appointment ID",
        variant: "destructive",
      });
      return;
    }
    const recent = queryClient.getQueryData<AdminAppointmentPage>(RECENT_APPOINTMENTS_KEY)?.appointments;
    test.mutate(resolveAppointmentId(appointmentId, recent));
  };

  return (
    <section aria-labelledby="test-notifications-title">
      <Card className="flex h-full flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-col gap-1">
          <SectionTitle id="test-notifications-title" icon={BellRing}>
            Test Notifications
          </SectionTitle>
          <p className="text-sm text-slate-600">
            Sends the video link e-mails and WhatsApp messages of an appointment again, to check each channel.
          </p>
        </div>
        <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-3">
          <div className="flex flex-col gap-1.5">
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
              The full appointment ID, or the 8-character booking ID of a recent appointment.
            </p>
          </div>
          <Button type="submit" className="self-start" disabled={test.isPending}>
            {test.isPending ? "Sending..." : "Send Test"}
          </Button>
        </form>
        {test.data && <ChannelResults result={test.data} />}
      </Card>
    </section>
  );
}

function ChannelResults({ result }: { result: NotificationTestResult }) {
  return (
    <div className="flex max-w-2xl flex-col gap-2 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Results: {notificationSummary(result)}</h3>
      <ul className="flex flex-col gap-2" aria-label="Channel results">
        {NOTIFICATION_CHANNELS.map(({ key, label }) => {
          const channel = result[key];
          const success = channel?.success === true;
          return (
            <li
              key={key}
              className="flex flex-col gap-1 rounded-md bg-slate-50 p-3"
              data-testid={`channel-${key}`}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  {success ? (
                    <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" />
                  ) : (
                    <XCircle className="size-4 text-red-700" aria-hidden="true" />
                  )}
                  {label}
                </span>
                <Badge variant={success ? "success" : "destructive"}>{success ? "Success" : "Failed"}</Badge>
              </div>
              {!success && channel?.error && (
                <p className="text-xs break-words text-red-800">{channel.error}</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
