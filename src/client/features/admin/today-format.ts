import type { TodayConsultation } from "@shared/console";

/** "in 5 min", "in 1 h 20 min": the whole minutes to go, rounded up (a consultation 30 s away is "in 1 min"). */
function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Where the next consultation stands at `now`: "Starts in 12 min", "Started 3 min ago". */
export function countdownLabel(
  consultation: Pick<TodayConsultation, "startsAt">,
  now: Date,
  runningLate: { minutes: number; at: string } | null = null,
): string {
  const startsAt = new Date(consultation.startsAt).getTime();
  const diff = startsAt - now.getTime();
  const label =
    diff > 0
      ? `Starts in ${minutesText(Math.ceil(diff / 60_000))}`
      : Math.floor(-diff / 60_000) === 0
        ? "Starting now"
        : `Started ${minutesText(Math.floor(-diff / 60_000))} ago`;
  // The parents were told a later time: the countdown is to the booked one, and says so.
  const told =
    runningLate && new Date(runningLate.at).getTime() < startsAt + 15 * 60_000 ? runningLate.minutes : 0;
  return told > 0 ? `${label} (you told the parents about ${minutesText(told)} late)` : label;
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
