import { Link } from "wouter";
import {
  ClinicEmailLink,
  inlineLinkClass,
  LegalPage,
  LegalSection,
  useLegalMessages,
} from "@/components/layout/legal-section";
import { Message, useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";
import { DEFAULT_POLICY, policyRows } from "@shared/cancellation-policy";

/** The cancellation tiers of the refund policy, from the same module the manage link and the API apply. */
const cancellationRules = policyRows(DEFAULT_POLICY);

export default function RefundsPage() {
  useLegalMessages();
  const t = useT();
  const { doctor } = siteProfile;

  return (
    <LegalPage title={t("page.refunds.title")} intro={<p>{t("refunds.intro", { doctor: doctor.name })}</p>}>
      <LegalSection id="cancellation-refunds" title={t("refunds.cancellation.title")}>
        <p>{t("refunds.cancellation.intro")}</p>
        <div className="overflow-hidden rounded-xl border border-slate-200">
          <table className="w-full border-collapse text-left text-sm sm:text-base">
            <caption className="sr-only">{t("refunds.table.caption")}</caption>
            <thead className="bg-brand-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t("refunds.table.when")}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t("refunds.table.outcome")}
                </th>
              </tr>
            </thead>
            <tbody>
              {cancellationRules.map(({ words }) => (
                <tr key={words.when.id} className="border-t border-slate-200 align-top">
                  <td className="px-4 py-3">{t(words.when.id, words.when.values)}</td>
                  <td className="px-4 py-3 font-medium text-slate-900">
                    {t(words.outcome.id, words.outcome.values)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LegalSection>

      <LegalSection id="rescheduling" title={t("refunds.rescheduling.title")}>
        <ul>
          <li>{t("refunds.rescheduling.limit", { times: DEFAULT_POLICY.maxReschedules })}</li>
          <li>{t("refunds.rescheduling.bands")}</li>
        </ul>
      </LegalSection>

      <LegalSection id="late-arrival" title={t("refunds.late.title")}>
        <ul>
          <li>{t("refunds.late.marked")}</li>
          <li>{t("refunds.late.noRefund")}</li>
        </ul>
      </LegalSection>

      <LegalSection id="provider-issues" title={t("refunds.provider.title")}>
        <p>
          <Message id="refunds.provider.text" components={{ 0: <strong /> }} />
        </p>
      </LegalSection>

      <LegalSection id="refund-processing" title={t("refunds.processing.title")}>
        <ul>
          <li>{t("refunds.processing.time", { days: DEFAULT_POLICY.refundBusinessDays })}</li>
          <li>{t("refunds.processing.currency")}</li>
        </ul>
      </LegalSection>

      <LegalSection id="before-consultation" title={t("refunds.before.title")}>
        <ul>
          <li>{t("refunds.before.confirmation")}</li>
          <li>{t("refunds.before.link")}</li>
          <li>{t("refunds.before.join")}</li>
        </ul>
      </LegalSection>

      <LegalSection id="how-to-request" title={t("refunds.request.title")}>
        <p>
          <Message id="refunds.request.intro" values={{ email: <ClinicEmailLink /> }} />
        </p>
        <ul>
          <li>{t("refunds.request.id")}</li>
          <li>{t("refunds.request.patient")}</li>
          <li>{t("refunds.request.choice")}</li>
        </ul>
        <p>
          <Message
            id="refunds.request.counts"
            components={{ 0: <Link href="/terms-conditions" className={inlineLinkClass} /> }}
          />
        </p>
      </LegalSection>
    </LegalPage>
  );
}
