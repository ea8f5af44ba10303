import type { SiteProfile } from "@shared/site-profile";
import type { AppointmentRow } from "../booking/repository";
import { notesOf, prescriptionPdf, prescriptionsOf } from "../prescriptions/service";
import { listUploads, openUpload } from "../uploads/service";
import { type ArchiveEntry, json, text } from "./export";
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
 * export. Reports stream from the record store when the archive is written.
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
      const file = await prescriptionPdf(ctx.db, ctx.config, profile, prescription.id);
      if (file) entries.push({ path: `${base}.pdf`, content: file.pdf, compress: false });
    }
    uploads.forEach((upload, index) => {
      entries.push({
        path: `reports/${index + 1}-${safeName(upload.fileName)}`,
        content: () => openUpload(ctx.store, upload),
        compress: false,
      });
    });
    return entries;
  };
}
