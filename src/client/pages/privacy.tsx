import {
  ClinicEmailLink,
  englishWords,
  LegalPage,
  LegalSection,
  useLegalMessages,
} from "@/components/layout/legal-section";
import { Message, useEnglishContentLang, useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";
import type { LegalMessageId } from "@shared/i18n/messages";

/**
 * One kind of data the practice holds, by its messages (`privacy.item.<name>.*`): what it is, why, who else receives
 * it, and for how long (most are kept as medical records are).
 */
interface DataItem {
  name: "identity" | "consultation" | "reports" | "notes" | "contact" | "payment" | "consent" | "technical";
  kept: LegalMessageId;
}

const dataItems: DataItem[] = [
  { name: "identity", kept: "privacy.kept.records" },
  { name: "consultation", kept: "privacy.kept.records" },
  { name: "reports", kept: "privacy.kept.reports" },
  { name: "notes", kept: "privacy.kept.records" },
  { name: "contact", kept: "privacy.kept.records" },
  { name: "payment", kept: "privacy.item.payment.kept" },
  { name: "consent", kept: "privacy.kept.records" },
  { name: "technical", kept: "privacy.item.technical.kept" },
];

/** The payment gateway's name, as it shows itself on its checkout page. */
const PAYMENT_GATEWAY = "Cashfree Payments";

export default function PrivacyPage() {
  useLegalMessages();
  const t = useT();
  const contentLang = useEnglishContentLang();
  const { doctor, contact } = siteProfile;
  const item = (name: DataItem["name"], part: "data" | "purpose" | "recipients") =>
    t(`privacy.item.${name}.${part}` as const, { gateway: PAYMENT_GATEWAY });

  return (
    <LegalPage
      title={t("page.privacy.title")}
      intro={<p className="mt-3">{t("privacy.intro", { doctor: doctor.name })}</p>}
    >
      <LegalSection id="what-we-hold" title={t("privacy.hold.title")}>
        <p>{t("privacy.hold.intro")}</p>
        <ul aria-label={t("privacy.hold.list")}>
          {dataItems.map(({ name, kept }) => (
            <li key={name}>
              <strong className="block">{item(name, "data")}</strong>
              <span className="block">{t("privacy.hold.why", { purpose: item(name, "purpose") })}</span>
              <span className="block">
                {t("privacy.hold.recipients", { recipients: item(name, "recipients") })}
              </span>
              <span className="block">{t("privacy.hold.kept", { kept: t(kept) })}</span>
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection id="children" title={t("privacy.children.title")}>
        <p>{t("privacy.children.text")}</p>
      </LegalSection>

      <LegalSection id="your-rights" title={t("privacy.rights.title")}>
        <ul>
          <li>{t("privacy.rights.know")}</li>
          <li>{t("privacy.rights.correct")}</li>
          <li>{t("privacy.rights.erase")}</li>
          <li>{t("privacy.rights.withdraw")}</li>
          <li>{t("privacy.rights.nominate")}</li>
          <li>{t("privacy.rights.complain")}</li>
        </ul>
        <p>
          {/* The buttons' names, as the booking page in the same language shows them. */}
          <Message id="privacy.rights.bookingPage" components={{ 0: <strong />, 1: <strong /> }} />
        </p>
        <p>
          <Message id="privacy.rights.write" values={{ email: <ClinicEmailLink /> }} />
        </p>
      </LegalSection>

      <LegalSection id="grievances" title={t("privacy.grievances.title")}>
        <p>
          <Message
            id="privacy.grievances.text"
            values={{
              doctor: doctor.name,
              email: <ClinicEmailLink />,
              phone: contact.phone,
              location: englishWords(contact.location, contentLang),
            }}
          />
        </p>
      </LegalSection>

      <LegalSection id="security" title={t("privacy.security.title")}>
        <p>{t("privacy.security.text")}</p>
      </LegalSection>
    </LegalPage>
  );
}
