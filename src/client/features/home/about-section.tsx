import { CircleCheck, GraduationCap } from "lucide-react";
import { HomeSection } from "@/components/layout/home-section";
import { IconListItem } from "@/components/ui/icon-list-item";
import type { SiteProfile } from "@shared/site-profile";
import { Message, useEnglishContentLang, useProfileLang, useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";
import { DoctorPhoto } from "./doctor-photo";

export function AboutSection({ profile = siteProfile }: { profile?: SiteProfile } = {}) {
  const { about, doctor } = profile;
  const t = useT();
  const contentLang = useEnglishContentLang();
  const profileLang = useProfileLang();
  const aboutLang = profileLang("about");
  const expertiseLang = profileLang("expertise");
  return (
    <HomeSection id="about" eyebrow={t("about.eyebrow")} title={t("about.title", { name: doctor.name })}>
      <div className="grid gap-10 lg:grid-cols-2">
        <div className="flex flex-col gap-4 text-base leading-relaxed text-slate-700">
          <DoctorPhoto
            doctor={doctor}
            lazy
            sizes="240px"
            className="aspect-[4/3] w-60 rounded-xl object-cover"
          />
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph} lang={aboutLang}>
              {paragraph}
            </p>
          ))}
          {doctor.registration.number && (
            <p className="text-sm text-slate-700">
              <Message
                id="about.registration"
                values={{
                  number: doctor.registration.number,
                  // The council's name is the doctor's, in English.
                  council: <span lang={contentLang}>{doctor.registration.council}</span>,
                }}
              />
            </p>
          )}
        </div>
        <div className="flex flex-col gap-6">
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{t("about.qualifications")}</h3>
            <ul className="mt-4 flex flex-col gap-4" lang={contentLang}>
              {about.qualifications.map((item) => (
                <IconListItem key={item.degree} icon={GraduationCap} title={item.degree}>
                  <p className="text-sm text-slate-700">{item.institution}</p>
                </IconListItem>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{t("about.expertise")}</h3>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2" lang={expertiseLang}>
              {about.expertise.map((item) => (
                <li key={item} className="flex gap-2 text-sm text-slate-700">
                  <CircleCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </HomeSection>
  );
}
