import { Check } from "lucide-react";
import { cn } from "@/lib/utils";
import type { BookingMessageId } from "@shared/i18n/messages";
import { useT } from "@/lib/i18n";
import { useClockTime } from "@/lib/consultation-hours";
import { isSelectable, type SlotOption } from "./booking-logic";

const statusNote: Record<SlotOption["status"], BookingMessageId | undefined> = {
  available: undefined,
  held: "slot.statusHeld",
  booked: "slot.statusBooked",
  unavailable: "slot.statusUnavailable",
};

interface SlotGridProps {
  slots: SlotOption[];
  selected: string;
  onSelect: (time: string) => void;
  labelledBy: string;
  describedBy?: string | undefined;
}

/** The slots of a day as toggle buttons; booked and past slots stay visible but cannot be chosen. */
export function SlotGrid({ slots, selected, onSelect, labelledBy, describedBy }: SlotGridProps) {
  const t = useT();
  const clockTime = useClockTime();
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3"
    >
      {slots.map((slot) => {
        const pressed = slot.time === selected;
        const enabled = isSelectable(slot.status);
        const noteId = statusNote[slot.status];
        const note = noteId ? t(noteId) : "";
        return (
          <button
            key={slot.time}
            type="button"
            aria-pressed={pressed}
            disabled={!enabled}
            onClick={() => onSelect(slot.time)}
            data-slot={slot.time}
            className={cn(
              "flex min-h-12 flex-col items-center justify-center rounded-md border px-2 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              pressed
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 bg-white text-slate-900 hover:border-brand-600 hover:bg-brand-50",
              !enabled &&
                "cursor-not-allowed border-slate-200 bg-slate-100 text-slate-600 hover:border-slate-200 hover:bg-slate-100",
            )}
          >
            <span className="flex items-center gap-1">
              {pressed && <Check className="size-4" aria-hidden="true" />}
              {/* The clinic's time in the page's language; the zone is the label's last word ("IST"). */}
              {clockTime(slot.time, slot.label.split(" ").at(-1))}
            </span>
            {slot.localLabel && (
              <span className={cn("text-xs font-normal", pressed ? "text-white" : "text-slate-700")}>
                {slot.localLabel}
              </span>
            )}
            {note && <span className="text-xs font-normal">{note}</span>}
          </button>
        );
      })}
    </div>
  );
}
