import { Clock } from "lucide-react";
import { useHoursEntries } from "@/lib/consultation-hours";
import { useProfileLang, useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";

/** The hours card of the home page's Contact section and of the Contact Us page, where it sits one level higher. */
export function ConsultationHours({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const hours = useHoursEntries(siteProfile.contact.hours);
  const t = useT();
  const profileLang = useProfileLang();
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Heading className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Clock className="size-5 text-brand-700" aria-hidden="true" />
        {t("contact.hours")}
      </Heading>
      <dl className="mt-4 flex flex-col gap-3 text-sm">
        {hours.map((entry, index) => (
          <div key={entry.days}>
            <dt className="font-semibold text-slate-900" lang={profileLang(`hours.${index}`)}>
              {entry.days}
            </dt>
            {entry.times.map((time) => (
              // The first entry's times are the weekly hours in the page's language; the others are the profile's.
              <dd
                key={time}
                className="text-slate-700"
                lang={index === 0 ? undefined : profileLang(`hours.${index}`)}
              >
                {time}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </div>
  );
}
