import { CalendarCheck, Mail, MapPin, Phone } from "lucide-react";
import { HomeSection } from "@/components/layout/home-section";
import { Button } from "@/components/ui/button";
import { IconListItem } from "@/components/ui/icon-list-item";
import { ConsultationHours } from "./consultation-hours";
import { LazyContactForm } from "./lazy-contact-form";
import { openBooking } from "@/lib/dialogs";
import { useEnglishContentLang, useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";

export function ContactSection() {
  const t = useT();
  return (
    <HomeSection
      id="contact"
      eyebrow={t("contact.eyebrow")}
      title={t("contact.title")}
      intro={t("contact.intro")}
    >
      <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:self-start">
          <h3 className="mb-6 text-xl font-semibold text-slate-900">{t("contact.sendAMessage")}</h3>
          <LazyContactForm source="home" />
        </div>
        <div className="flex flex-col gap-6">
          <ContactDetails />
          <ConsultationHours />
          <ReadyToBook />
        </div>
      </div>
    </HomeSection>
  );
}

function ContactDetails() {
  const { email, phone, location } = siteProfile.contact;
  const t = useT();
  const contentLang = useEnglishContentLang();
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">{t("contact.information")}</h3>
      <ul className="mt-4 flex flex-col gap-4 text-sm">
        <IconListItem icon={Mail} title={t("contact.email")} bodyClassName="min-w-0">
          <a
            href={`mailto:${email}`}
            className="break-words text-brand-700 underline-offset-4 hover:underline"
          >
            {email}
          </a>
        </IconListItem>
        <IconListItem icon={Phone} title={t("contact.phone")}>
          <a
            href={`tel:${phone.replace(/[^\d+]/g, "")}`}
            className="text-brand-700 underline-offset-4 hover:underline"
          >
            {phone}
          </a>
        </IconListItem>
        <IconListItem icon={MapPin} title={t("contact.location")}>
          <p className="text-slate-700" lang={contentLang}>
            {location}
          </p>
        </IconListItem>
      </ul>
    </div>
  );
}

function ReadyToBook() {
  const t = useT();
  return (
    <div className="rounded-xl bg-brand-700 p-6 text-white shadow-sm">
      <h3 className="flex items-center gap-2 text-lg font-semibold">
        <CalendarCheck className="size-5" aria-hidden="true" />
        {t("contact.readyToBook")}
      </h3>
      <p className="mt-2 text-sm leading-relaxed text-brand-50">{t("contact.readyText")}</p>
      <Button variant="secondary" className="mt-5" onClick={openBooking}>
        {t("contact.bookAppointment")}
      </Button>
    </div>
  );
}
