import { slotLabel } from "@shared/slots";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { dayAvailabilityQuery } from "@/features/booking/api";
import { formatAppointmentDate } from "@/features/booking/booking-logic";
import { rescheduleConsequence } from "./manage-text";

export interface RescheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many moves the parent has left now (the doctor's own moves are not limited: pass undefined). */
  remaining?: number;
  timeZoneLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: (date: string, time: string) => void;
}

/** Choosing a new date and a free time; the move is confirmed with its consequence spelled out. */
export function RescheduleDialog(props: RescheduleDialogProps) {
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const dateId = useId();
  const slotsId = useId();
  const day = useQuery({ ...dayAvailabilityQuery(date), enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
  const free = day.data?.slots.filter((slot) => slot.status === "available") ?? [];
  const timeLabel = time ? `${slotLabel(time)} ${props.timeZoneLabel}` : "";
  const confirmText =
    props.remaining === undefined
      ? `Move to ${formatAppointmentDate(date)} at ${timeLabel}`
      : rescheduleConsequence(formatAppointmentDate(date), timeLabel, props.remaining - 1);

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Choose a new time</DialogTitle>
          <DialogDescription>
            The video link stays the same; the new time is sent by e-mail and WhatsApp.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={dateId}>New date</Label>
          <Input
            id={dateId}
            type="date"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setTime("");
            }}
          />
        </div>
        {date ? (
          <div className="grid gap-2">
            <p id={slotsId} className="text-sm font-medium text-slate-900">
              Free times
            </p>
            {day.isPending ? <p className="text-sm text-slate-600">Loading the free times…</p> : null}
            {day.data && free.length === 0 ? (
              <p className="text-sm text-slate-700">{day.data.message ?? "No free times on this date."}</p>
            ) : null}
            <div role="group" aria-labelledby={slotsId} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {free.map((slot) => (
                <Button
                  key={slot.time}
                  type="button"
                  variant={slot.time === time ? "default" : "outline"}
                  aria-pressed={slot.time === time}
                  onClick={() => setTime(slot.time)}
                >
                  {slotLabel(slot.time)}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
        {props.error ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {props.error}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => props.onOpenChange(false)}>
            Keep the current time
          </Button>
          <Button
            type="button"
            disabled={!date || !time || props.pending}
            onClick={() => props.onConfirm(date, time)}
          >
            {date && time ? confirmText : "Choose a date and a time"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
