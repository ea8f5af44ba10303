import type { TodayConsultation } from "@shared/console";

/** "in 5 min", "in 1 h 20 min": the whole minutes to go, rounded up (a consultation 30 s away is "in 1 min"). */
function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Where the next consultation stands at `now`: "Starts in 12 min", "Started 3 min ago". */
export function countdownLabel(consultation: Pick<TodayConsultation, "startsAt">, now: Date): string {
  const diff = new Date(consultation.startsAt).getTime() - now.getTime();
  if (diff > 0) return `Starts in ${minutesText(Math.ceil(diff / 60_000))}`;
  const since = Math.floor(-diff / 60_000);
  return since === 0 ? "Starting now" : `Started ${minutesText(since)} ago`;
}

/**
 * The consultation to highlight: the first still to be held (confirmed, not yet over) at `now`; none when the day's
 * consultations are all done, missed or over.
 */
export function nextConsultation(
  consultations: readonly TodayConsultation[],
  now: Date,
): TodayConsultation | undefined {
  return consultations.find(
    (c) => c.appointment.status === "confirmed" && new Date(c.endsAt).getTime() > now.getTime(),
  );
}

/** "No reports", "1 report", "3 reports". */
export function reportsText(count: number): string {
  if (count === 0) return "No reports";
  return count === 1 ? "1 report" : `${count} reports`;
}
