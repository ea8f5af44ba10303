import { useHoursEntries } from "@/lib/consultation-hours";
import { Award, Clock, Languages, Users, Video } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { IconListItem } from "@/components/ui/icon-list-item";
import { openBooking } from "@/lib/dialogs";
import { usePageRead } from "@/lib/page-reads";
import { publicConfigRead } from "@/lib/public-config-read";
import type { SiteProfile } from "@shared/site-profile";
import { siteProfile } from "@/lib/site-profile";
import { DoctorPhoto } from "./doctor-photo";
import { Message, useEnglishContentLang, useProfileLang, useRupees, useT } from "@/lib/i18n";
import { useFollowUpOffer } from "@/lib/follow-up-offer";

/** First screen: who the doctor is, why to trust them, and the two things a visitor came to do. */
/** `profile`: the one to show instead of the site's (the Settings page's preview of an unsaved profile). */
export function HeroSection({ profile = siteProfile }: { profile?: SiteProfile } = {}) {
  const { doctor } = profile;
  const t = useT();
  const contentLang = useEnglishContentLang();
  const profileLang = useProfileLang();
  const specialtyLang = profileLang("specialty");
  const taglineLang = profileLang("tagline");
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase" lang={specialtyLang}>
            {doctor.specialty}
          </p>
          <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {doctor.name}
          </h1>
          <ul className="mt-5 flex flex-wrap gap-2" aria-label={t("hero.qualifications")} lang={contentLang}>
            {doctor.qualifications.map((qualification) => (
              <li key={qualification}>
                <Badge className="px-3 py-1 text-sm">{qualification}</Badge>
              </li>
            ))}
          </ul>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-700" lang={taglineLang}>
            {doctor.tagline}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button variant="heart" size="lg" onClick={openBooking}>
              <Video aria-hidden="true" />
              {t("hero.bookVideo")}
            </Button>
            <Button variant="outline" size="lg" asChild>
              <a href="#contact">{t("hero.contact")}</a>
            </Button>
          </div>
          <FeeLine />
        </div>
        <HeroFacts profile={profile} />
      </div>
    </section>
  );
}

/** The figures and practical details a parent looks for before booking. */
function HeroFacts({ profile }: { profile: SiteProfile }) {
  const { doctor, contact } = profile;
  const [hours] = useHoursEntries(contact.hours);
  const t = useT();
  const contentLang = useEnglishContentLang();
  const profileLang = useProfileLang();
  const hoursLang = profileLang("hours.0");
  const figures = [
    { Icon: Award, label: t("hero.experience"), value: doctor.experience, part: "experience" },
    { Icon: Users, label: t("hero.patients"), value: doctor.patientsTreated, part: "patientsTreated" },
  ];
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
      <DoctorPhoto
        doctor={doctor}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 560px, 100vw"
        className="mb-6 aspect-[4/3] w-full rounded-xl object-cover"
      />
      <dl className="grid gap-3">
        {figures.map(({ Icon, label, value, part }) => (
          <div key={label} className="rounded-xl bg-brand-50 px-5 py-4">
            <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-700 uppercase">
              <Icon className="size-4 text-brand-700" aria-hidden="true" />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold text-brand-800" lang={profileLang(part)}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="mt-6 flex flex-col gap-4 text-sm">
        <IconListItem icon={Languages} title={t("hero.languages")}>
          <p className="text-slate-700" lang={contentLang}>
            {doctor.languages.join(", ")}
          </p>
        </IconListItem>
        {hours && (
          <IconListItem icon={Clock} title={<span lang={hoursLang}>{hours.days}</span>}>
            {hours.times.map((time) => (
              <p key={time} className="text-slate-700">
                {time}
              </p>
            ))}
          </IconListItem>
        )}
      </ul>
    </div>
  );
}

/** The price before the first tap: what a consultation costs and how it can be paid (the server's fee). */
function FeeLine() {
  const config = usePageRead(publicConfigRead).data;
  const t = useT();
  const rupees = useRupees();
  const followUpOffer = useFollowUpOffer();
  if (config === undefined) return null;
  return (
    <p className="mt-4 text-sm text-slate-700">
      <Message
        id="hero.fee"
        values={{ fee: rupees(config.consultationFee) }}
        components={{ 0: <span className="font-semibold text-slate-900" /> }}
      />
      {config.followUp ? ` · ${followUpOffer(config.followUp)}` : ""} · {t("hero.payBy")}
    </p>
  );
}
