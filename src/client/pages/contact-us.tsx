import { Mail, MapPin, TriangleAlert } from "lucide-react";
import { PageIntro } from "@/components/layout/page-intro";
import { PageShell } from "@/components/layout/page-shell";
import { ConsultationHours } from "@/features/contact/consultation-hours";
import { ContactForm } from "@/features/contact/contact-form";
import { siteProfile } from "@/lib/site-profile";
import { useEnglishContentLang, useProfileLang, useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function ContactUsPage() {
  const { doctor, contact } = siteProfile;
  const t = useT();
  const contentLang = useEnglishContentLang();
  useDocumentTitle(`${t("page.contactUs.title")} | ${doctor.name}`);
  return (
    <PageShell>
      <PageIntro title={t("page.contactUs.title")} wide>
        <p>{t("contactPage.intro")}</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_1.5fr]">
        <div className="flex flex-col gap-6">
          <EmergencyNotice text={contact.emergencyNotice} />
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Mail className="size-5 text-brand-700" aria-hidden="true" />
              {t("contact.email")}
            </h2>
            <a
              href={`mailto:${contact.email}`}
              className="mt-3 inline-block font-medium break-words text-brand-700 underline-offset-4 hover:underline"
            >
              {contact.email}
            </a>
            <p className="mt-2 text-sm text-slate-700">{t("contactPage.emailNote")}</p>
          </div>
          <ConsultationHours headingLevel={2} />
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <MapPin className="size-5 text-brand-700" aria-hidden="true" />
              {t("contact.location")}
            </h2>
            <p className="mt-3 text-sm text-slate-700" lang={contentLang}>
              {contact.location}
            </p>
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:self-start">
          <h2 className="mb-6 text-xl font-semibold text-slate-900">{t("contact.sendAMessage")}</h2>
          <ContactForm source="contact-page" />
        </div>
      </div>
    </PageShell>
  );
}

/** Placed first so that a worried parent reads it before writing a message that nobody will see tonight. */
function EmergencyNotice({ text }: { text: string }) {
  const t = useT();
  const contentLang = useProfileLang()("emergencyNotice");
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-5 text-red-900">
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
      <div>
        <h2 className="font-semibold">{t("contactPage.emergency")}</h2>
        <p className="mt-1 text-sm leading-relaxed" lang={contentLang}>
          {text}
        </p>
      </div>
    </div>
  );
}
