import { HomeSection } from "@/components/layout/home-section";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { openBooking } from "@/lib/dialogs";
import type { ProfileOnPage } from "@shared/profile-language";
import { useProfileLang, useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";
import { cn } from "@/lib/utils";
import { serviceIcon } from "./service-icon";

export function ServicesSection({ profile = siteProfile }: { profile?: ProfileOnPage } = {}) {
  const t = useT();
  const profileLang = useProfileLang();
  return (
    <HomeSection
      id="services"
      tinted
      eyebrow={t("services.eyebrow")}
      title={t("services.title")}
      intro={t("services.intro")}
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {profile.services.map((service, place) => {
          const Icon = serviceIcon(service.englishTitle ?? service.title);
          const contentLang = profileLang(`service.${place}`);
          return (
            <li
              key={service.title}
              className={cn(
                "flex flex-col rounded-xl border bg-white p-6 shadow-sm",
                service.bookable ? "border-brand-700 ring-1 ring-brand-700" : "border-slate-200",
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                {service.bookable && <Badge variant="secondary">{t("services.online")}</Badge>}
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900" lang={contentLang}>
                {service.title}
              </h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-700" lang={contentLang}>
                {service.description}
              </p>
              {service.bookable && (
                <Button className="mt-5 self-start" onClick={openBooking}>
                  {t("services.bookNow")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}
