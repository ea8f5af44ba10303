import type { Actor, HistoryEntry } from "@shared/manage";
import { formatRupees } from "@shared/booking";
import { slotLabel } from "@shared/slots";
import type { EventRow } from "../../core/appointments/events";

type Payload = Record<string, unknown>;

const ACTOR_WORDS: Record<Actor, string> = {
  patient: "the parent",
  doctor: "the doctor",
  system: "the site",
};

function actorOf(payload: Payload, fallback: Actor): Actor {
  const actor = payload.actor;
  return actor === "patient" || actor === "doctor" || actor === "system" ? actor : fallback;
}

function slotText(value: unknown): string {
  const slot = value as { date?: unknown; time?: unknown } | undefined;
  if (typeof slot?.date !== "string" || typeof slot.time !== "string") return "another time";
  return `${slot.date} ${slotLabel(slot.time)}`;
}

function rupees(value: unknown): string {
  return `₹${formatRupees(typeof value === "number" ? value : 0)}`;
}

/** One event in the doctor's words: what happened and by whom. */
function summary(type: string, payload: Payload, actor: Actor): string {
  const by = ACTOR_WORDS[actor];
  switch (type) {
    case "appointment_confirmed":
      return "Paid and confirmed";
    case "appointment_refund_requested":
      return "Payment received but not booked; refunded in full";
    case "appointment_rescheduled":
      return `Rescheduled by ${by} from ${slotText(payload.from)} to ${slotText(payload.to)}${payload.doctorUnavailable ? " (the doctor could not keep the time; not counted)" : ""}`;
    case "appointment_cancelled": {
      const refund =
        Number(payload.refundAmount ?? 0) > 0 ? `, ${rupees(payload.refundAmount)} refund` : ", no refund";
      const reason = typeof payload.reason === "string" ? `: ${payload.reason}` : "";
      return `Cancelled by ${by}${refund}${reason}`;
    }
    case "doctor_unavailable":
      return "The doctor could not keep the time; the parent was asked to choose another time or a full refund";
    case "appointment_completed":
      return "Marked completed";
    case "appointment_no_show":
      return "Marked no-show";
    case "confirmation_resent":
      return "Confirmation sent again";
    case "refund_requested":
      return `Refund of ${rupees(payload.amount)} requested`;
    case "refund_succeeded":
      return `Refund of ${rupees(payload.amount)} completed by the payment gateway`;
    case "refund_failed":
      return `Refund of ${rupees(payload.amount)} failed at the payment gateway`;
    case "refund_retried":
      return `Failed refund of ${rupees(payload.amount)} retried`;
    default:
      return type.replaceAll("_", " ");
  }
}

/** The appointment's history as the dashboard shows it: who did what, when, oldest first. */
export function historyOf(events: EventRow[]): HistoryEntry[] {
  return events.map((event) => {
    const payload = (event.payload ?? {}) as Payload;
    const actor = actorOf(payload, event.type === "appointment_confirmed" ? "patient" : "system");
    return {
      type: event.type,
      actor,
      summary: summary(event.type, payload, actor),
      at: event.createdAt.toISOString(),
    };
  });
}
