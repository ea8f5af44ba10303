import { Clock } from "lucide-react";
import { useHoursEntries } from "@/lib/consultation-hours";
import { useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";

/** The hours card of the home page's Contact section and of the Contact Us page, where it sits one level higher. */
export function ConsultationHours({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const hours = useHoursEntries(siteProfile.contact.hours);
  const t = useT();
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Heading className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Clock className="size-5 text-brand-700" aria-hidden="true" />
        {t("contact.hours")}
      </Heading>
      <dl className="mt-4 flex flex-col gap-3 text-sm">
        {hours.map((entry) => (
          <div key={entry.days}>
            <dt className="font-semibold text-slate-900">{entry.days}</dt>
            {entry.times.map((time) => (
              <dd key={time} className="text-slate-700">
                {time}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </div>
  );
}
