import type { SiteProfile } from "@shared/site-profile";
import type { AppointmentRow } from "../booking/repository";
import { notesOf, prescriptionPdf, prescriptionsOf } from "../prescriptions/service";
import { listUploads, openUpload } from "../uploads/service";
import { type ArchiveEntry, json, rendered, stored, text } from "./export";
import type { PatientsContext } from "./service";

/** A name safe inside a ZIP: no folders, no control characters, not empty. */
function safeName(name: string): string {
  const cleaned = name
    .replace(/[\\/\p{Cc}]+/gu, "_")
    .replace(/^\.+/, "_")
    .trim();
  return cleaned || "report";
}

/**
 * The doctor's notes, the prescriptions (PDF and data) and the uploaded reports of a booking, as files of the data
 * export. Reports stream from the record store, and the PDFs are rendered, when the archive reaches them.
 */
export function recordEntries(profile: SiteProfile) {
  return async (ctx: PatientsContext, row: AppointmentRow): Promise<ArchiveEntry[]> => {
    const [notes, prescriptions, uploads] = await Promise.all([
      notesOf(ctx.db, row.id),
      prescriptionsOf(ctx.db, row.id),
      listUploads(ctx.db, row.id),
    ]);
    const entries: ArchiveEntry[] = [];
    if (notes.notes) entries.push(text("notes.txt", `${notes.notes}\n`));
    for (const prescription of prescriptions) {
      const base = `prescriptions/prescription-v${prescription.version}`;
      entries.push(json(`${base}.json`, prescription));
      entries.push(
        rendered(
          `${base}.pdf`,
          async () => (await prescriptionPdf(ctx.db, ctx.config, profile, prescription.id))?.pdf,
        ),
      );
    }
    uploads.forEach((upload, index) => {
      entries.push(
        stored(`reports/${index + 1}-${safeName(upload.fileName)}`, () => openUpload(ctx.store, upload)),
      );
    });
    return entries;
  };
}
