import type { AdminSchedule, AppointmentNeedingAction } from "@shared/schedule-admin";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/lib/use-toast";
import { ApiError } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { availabilityKeys } from "@/lib/availability";
import { publicConfigKey } from "@/lib/public-config";
import { adminKeys, askParentsToChoose } from "./api";

/** The confirmed appointments a refused change would have taken the slot of (the 409's `affected`), or null. */
function affectedAppointments(error: unknown): AppointmentNeedingAction[] | null {
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
 * again naming them. The parents of those she chose to ask are then asked to choose another time or a full refund;
 * the rest stay listed as needing action (those she moved meanwhile are no longer affected).
 */
export function useScheduleChange<Input>({ send, saved, onSaved, onInvalid }: ScheduleChangeOptions<Input>) {
  const [review, setReview] = useState<{ input: Input; affected: AppointmentNeedingAction[] } | null>(null);
  const mutation = useMutation({
    mutationFn: async ({
      input,
      acknowledged,
      ask = [],
    }: {
      input: Input;
      acknowledged: readonly string[];
      ask?: readonly string[];
    }) => {
      const schedule = await send(input, acknowledged);
      if (ask.length > 0) {
        try {
          await askParentsToChoose(ask);
        } catch (error) {
          // Saved all the same; the appointments stay listed, each with its own "Ask the parent".
          showErrorToast(error);
          return { schedule, asked: 0 };
        }
      }
      return { schedule, asked: ask.length };
    },
    onSuccess: async ({ schedule, asked }) => {
      queryClient.setQueryData(adminKeys.schedule, schedule);
      setReview(null);
      toast(
        asked > 0
          ? {
              title: saved.title,
              description: `${saved.description} ${asked === 1 ? "The parent is" : `${asked} parents are`} being asked by e-mail and WhatsApp to choose another time or a full refund.`,
            }
          : saved,
      );
      onSaved?.();
      // The booking dialog's calendar and the public settings follow the new schedule.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.schedule }),
        queryClient.invalidateQueries({ queryKey: adminKeys.setup }),
        // A parent asked is shown as waiting for the parent in the appointment lists.
        queryClient.invalidateQueries({ queryKey: adminKeys.appointmentViews }),
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
    /** Saves the reviewed change; the parents of `ask` (confirmed bookings) are asked to choose. */
    confirm: (ask: readonly string[] = []) => {
      if (review)
        mutation.mutate({ input: review.input, acknowledged: review.affected.map((a) => a.id), ask });
    },
    cancel: () => setReview(null),
    isPending: mutation.isPending,
  };
}
