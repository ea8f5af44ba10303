import type { AdminSchedule, AppointmentNeedingAction } from "@shared/schedule-admin";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/lib/use-toast";
import { ApiError } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { availabilityKeys } from "@/lib/availability";
import { publicConfigKey } from "@/lib/public-config";
import { adminKeys } from "./api";

/** The confirmed appointments a refused change would have taken the slot of (the 409's `affected`), or null. */
export function affectedAppointments(error: unknown): AppointmentNeedingAction[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const affected = (error.body as { affected?: unknown } | null)?.affected;
  return Array.isArray(affected) ? (affected as AppointmentNeedingAction[]) : null;
}

interface ScheduleChangeOptions<Input> {
  /** Sends the change, naming the appointments the doctor has seen. */
  send: (input: Input, acknowledged: readonly string[]) => Promise<AdminSchedule>;
  /** The toast after it is saved. */
  saved: { title: string; description: string };
  onSaved?: () => void;
  /** Field errors of a 400, for the form to show. */
  onInvalid?: (error: unknown) => void;
}

/**
 * A change to the schedule, with its one extra step: when it would take the time of confirmed appointments, the
 * server refuses it and lists them; the dashboard shows them (`review`), and only the doctor's confirmation sends it
 * again naming them, after which they are kept and listed as needing action.
 */
export function useScheduleChange<Input>({ send, saved, onSaved, onInvalid }: ScheduleChangeOptions<Input>) {
  const [review, setReview] = useState<{ input: Input; affected: AppointmentNeedingAction[] } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ input, acknowledged }: { input: Input; acknowledged: readonly string[] }) =>
      send(input, acknowledged),
    onSuccess: async (schedule) => {
      queryClient.setQueryData(adminKeys.schedule, schedule);
      setReview(null);
      toast(saved);
      onSaved?.();
      // The booking dialog's calendar and the public settings follow the new schedule.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
        queryClient.invalidateQueries({ queryKey: publicConfigKey }),
      ]);
    },
    onError: (error, { input }) => {
      const affected = affectedAppointments(error);
      if (affected) {
        setReview({ input, affected });
        return;
      }
      setReview(null);
      onInvalid?.(error);
      showErrorToast(error);
    },
  });
  return {
    submit: (input: Input) => mutation.mutate({ input, acknowledged: [] }),
    review,
    confirm: () => {
      if (review) mutation.mutate({ input: review.input, acknowledged: review.affected.map((a) => a.id) });
    },
    cancel: () => setReview(null),
    isPending: mutation.isPending,
  };
}
