import { clinicDate } from "@shared/clinic-time";
import type { ParentPrescription } from "@shared/prescription";
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { type DateFormats, type Translate, useDates, useT } from "@/lib/i18n";
import { parentPrescriptionPdfUrl, parentPrescriptionsQuery } from "./prescriptions-api";

/** "Corrected prescription (version 2), 23 November 2026: replaces version 1", in the page's language. */
function versionText(
  t: Translate,
  dates: DateFormats,
  prescription: ParentPrescription,
  timeZone: string,
): string {
  const date = dates.long(clinicDate(new Date(prescription.issuedAt), timeZone));
  return prescription.replacesVersion
    ? t("prescriptions.corrected", {
        version: prescription.version,
        date,
        replaces: prescription.replacesVersion,
      })
    : t("prescriptions.one", { date });
}

/**
 * The parent's prescriptions on the manage page, each a PDF to download; the one in force first. Nothing is shown
 * before the doctor has issued one.
 */
export function Prescriptions({ token, timeZone }: { token: string; timeZone: string }) {
  const list = useQuery(parentPrescriptionsQuery(token));
  const t = useT();
  const dates = useDates();
  if (!list.data || list.data.prescriptions.length === 0) return null;
  return (
    <section aria-labelledby="manage-prescriptions" className="grid gap-3">
      <h2 id="manage-prescriptions" className="text-lg font-semibold text-slate-900">
        {t("prescriptions.title")}
      </h2>
      <ul className="grid gap-3">
        {list.data.prescriptions.map((prescription) => (
          <li
            key={prescription.id}
            className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-slate-900">
              {versionText(t, dates, prescription, timeZone)}
              {prescription.superseded ? (
                <span className="block text-sm text-slate-600">{t("prescriptions.superseded")}</span>
              ) : null}
            </p>
            <Button asChild variant={prescription.superseded ? "ghost" : "outline"} className="shrink-0">
              <a href={parentPrescriptionPdfUrl(token, prescription.id)} download>
                <Download aria-hidden="true" className="size-4" /> {t("prescriptions.download")}
                <span className="sr-only">
                  {t("prescriptions.version", { version: prescription.version })}
                </span>
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
