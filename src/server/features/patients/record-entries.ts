import type { SiteProfile } from "@shared/site-profile";
import type { AppointmentRow } from "../../core/appointments/repository";
import { notesOf, prescriptionPdf, prescriptionsOf } from "../prescriptions/service";
import {
  type OpenedRecord,
  RecordNotFoundError,
  type RecordStore,
} from "../../integrations/record-store/record-store";
import { holdUpload, listUploads, type ReportUploadRow } from "../uploads/service";
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
 * export. Every report is opened now, before the archive's first byte goes out, and streamed from the record store
 * when the archive reaches it: an erasure confirmed meanwhile deletes a local file the export still reads whole.
 * The PDFs are rendered when the archive reaches them.
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
    const opened = await openAll(ctx.store, uploads);
    uploads.forEach((upload, index) => {
      entries.push(
        stored(`reports/${index + 1}-${safeName(upload.fileName)}`, opened[index] ?? gone(upload)),
      );
    });
    return entries;
  };
}

/** Opens every report's file; if one cannot be opened for another reason than being gone, none stays open. */
async function openAll(store: RecordStore, uploads: ReportUploadRow[]): Promise<OpenedRecord[]> {
  const opened: OpenedRecord[] = [];
  try {
    for (const upload of uploads) opened.push(await holdUpload(store, upload).catch(goneWhenMissing(upload)));
  } catch (error) {
    await Promise.all(opened.map((file) => file.close()));
    throw error;
  }
  return opened;
}

/** A report whose file is already gone is named in the archive as not included, like one erased on the way. */
function goneWhenMissing(upload: ReportUploadRow) {
  return (error: unknown): OpenedRecord => {
    if (error instanceof RecordNotFoundError) return gone(upload);
    throw error;
  };
}

function gone(upload: ReportUploadRow): OpenedRecord {
  return {
    read: () => Promise.reject(new RecordNotFoundError(upload.storageKey)),
    close: () => Promise.resolve(),
  };
}
