import { useDates, useT } from "@/lib/i18n";
import { useClockTime } from "@/lib/consultation-hours";

/**
 * The Date and Time rows of a booking's summary (inside its <dl>): "Sunday, 22 November 2026" and "7:00 PM IST", as
 * the payment step and the confirmation both show them.
 */
export function AppointmentWhen({
  date,
  time,
  timeZoneLabel,
}: {
  date: string;
  time: string;
  timeZoneLabel: string;
}) {
  const t = useT();
  const dates = useDates();
  const clockTime = useClockTime();
  return (
    <>
      <dt className="text-slate-600">{t("when.date")}</dt>
      <dd className="font-medium text-slate-900">{dates.longWithWeekday(date)}</dd>
      <dt className="text-slate-600">{t("when.time")}</dt>
      <dd className="font-medium text-slate-900">{clockTime(time, timeZoneLabel)}</dd>
    </>
  );
}
