import { Link } from "wouter";
import {
  ClinicEmailLink,
  englishWords,
  inlineLinkClass,
  LegalPage,
  LegalSection,
  useLegalMessages,
} from "@/components/layout/legal-section";
import { Message, useEnglishContentLang, useProfileLang, useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";

export default function TermsPage() {
  useLegalMessages();
  const t = useT();
  const contentLang = useEnglishContentLang();
  const profileLang = useProfileLang();
  const { doctor, contact } = siteProfile;
  const refundsLink = { 0: <Link href="/refunds-cancellations" className={inlineLinkClass} /> };
  const email = { email: <ClinicEmailLink /> };

  return (
    <LegalPage
      title={t("page.terms.title")}
      intro={
        <>
          <p className="text-sm font-medium text-slate-700">{t("terms.lastUpdated")}</p>
          <p className="mt-3">{t("terms.intro", { doctor: doctor.name })}</p>
        </>
      }
    >
      <LegalSection id="service-description" title={t("terms.service.title")}>
        <p>
          <Message
            id="terms.service.intro"
            values={{
              doctor: doctor.name,
              specialty: englishWords(doctor.specialty, profileLang("specialty")),
              qualifications: englishWords(doctor.qualifications.join(", "), contentLang),
            }}
          />
        </p>
        <ul>
          <li>{t("terms.service.suited")}</li>
          <li>{t("terms.service.noExamination")}</li>
          <li>{t("terms.service.child")}</li>
          <li>{t("terms.service.guidelines")}</li>
          <li>
            <Message
              id="terms.service.emergency"
              values={{
                emergencyNotice: englishWords(contact.emergencyNotice, profileLang("emergencyNotice")),
              }}
              components={{ 0: <strong /> }}
            />
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="payment-terms" title={t("terms.payment.title")}>
        <ul>
          <li>{t("terms.payment.currency")}</li>
          <li>{t("terms.payment.gateway")}</li>
          <li>{t("terms.payment.confirmed")}</li>
          <li>{t("terms.payment.coupons")}</li>
          <li>
            <Message id="terms.payment.refunds" components={refundsLink} />
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="appointment-policy" title={t("terms.appointment.title")}>
        <ul>
          <li>{t("terms.appointment.slots")}</li>
          <li>{t("terms.appointment.confirmation")}</li>
          <li>{t("terms.appointment.join")}</li>
          <li>{t("terms.appointment.late")}</li>
          <li>
            <Message id="terms.appointment.reschedule" components={refundsLink} />
          </li>
          <li>{t("terms.appointment.unavailable")}</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy" title={t("terms.privacy.title")}>
        <ul>
          <li>{t("terms.privacy.collect")}</li>
          <li>{t("terms.privacy.use")}</li>
          <li>{t("terms.privacy.sharing")}</li>
          <li>{t("terms.privacy.recording")}</li>
          <li>
            <Message id="terms.privacy.rights" values={email} />
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="liability" title={t("terms.liability.title")}>
        <ul>
          <li>{t("terms.liability.limits")}</li>
          <li>{t("terms.liability.articles")}</li>
          <li>{t("terms.liability.technical")}</li>
          <li>{t("terms.liability.cap")}</li>
        </ul>
      </LegalSection>

      <LegalSection id="acceptance" title={t("terms.acceptance.title")}>
        <p>
          <Message id="terms.acceptance.confirm" components={refundsLink} />
        </p>
        <p>
          <Message id="terms.acceptance.updates" values={email} />
        </p>
      </LegalSection>
    </LegalPage>
  );
}
