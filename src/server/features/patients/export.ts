import { once } from "node:events";
import { Readable } from "node:stream";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { bookingIdOf } from "@shared/booking";
import type { SiteProfile } from "@shared/site-profile";
import { type OpenedRecord, RecordNotFoundError } from "../../integrations/record-store/record-store";
import { appointmentHistory, receiptFor } from "../appointments/service";
import type { AppointmentRow } from "../../core/appointments/repository";
import { appointmentNotifications } from "../../core/outbox/admin-queries";
import { refundViewsOf } from "../../core/appointments/refund-records";
import { consentsOf } from "./repository";
import type { PatientsContext } from "./service";
import { DEFAULT_LANGUAGE, isLanguage } from "@shared/i18n/languages";
import { messageWords } from "../../integrations/messaging/message-words";

/** A file of the archive: its path inside the ZIP and where its bytes come from. */
interface ArchiveEntry {
  path: string;
  content: ArchiveContent;
  /** Text compresses; PDFs and images are already compressed and are stored as they are. */
  compress: boolean;
}

type ArchiveContent = Uint8Array | StoredContent | RenderedContent;

/**
 * A stored file (an uploaded report), opened before the archive's first byte and read a chunk at a time as the
 * reader takes the archive.
 */
interface StoredContent {
  kind: "stored";
  file: OpenedRecord;
}

/** A PDF, rendered when the reader reaches it; undefined leaves the file out (no receipt for an unpaid booking). */
interface RenderedContent {
  kind: "rendered";
  render: () => Promise<Uint8Array | undefined>;
}

/**
 * What the archive holds, in the booking's language (the messages catalogue's `export.readme`): the files keep their
 * names, and the manage page's button is named as it reads there.
 */
function readmeOf(row: AppointmentRow): string {
  return messageWords(isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE).t("export.readme");
}

/** The parts of the record other features keep (notes, prescriptions, uploads), added to the archive. */
type ExtraEntries = (ctx: PatientsContext, row: AppointmentRow) => Promise<ArchiveEntry[]>;

/**
 * GET /api/manage/{token}/export: a ZIP of everything held about the booking. It is made as it is read: stored
 * reports are read a chunk at a time when the reader has taken what came before, so a booking with five 10 MB
 * reports does not sit in memory, and the PDFs, which take the processor a while to render, come last: a download
 * that stalls on the reports never renders them.
 */
export async function exportArchive(
  ctx: PatientsContext,
  profile: SiteProfile,
  row: AppointmentRow,
  extra: ExtraEntries,
): Promise<{ fileName: string; stream: Readable }> {
  const entries = [...(await coreEntries(ctx, profile, row)), ...(await extra(ctx, row))];
  const stream = zipStream(inReadingOrder(entries));
  // The stream closes the files itself as it ends; this covers a stream destroyed before it was ever read.
  stream.once("close", () => void closeStoredFiles(entries));
  return { fileName: `booking-${bookingIdOf(row.id)}-data.zip`, stream };
}

async function coreEntries(
  ctx: PatientsContext,
  profile: SiteProfile,
  row: AppointmentRow,
): Promise<ArchiveEntry[]> {
  const [refunds, history, consents, messages] = await Promise.all([
    refundViewsOf(ctx.db, row.id),
    appointmentHistory(ctx.db, row.id),
    consentsOf(ctx.db, row.id),
    appointmentNotifications(ctx.db, row.id),
  ]);
  const entries: ArchiveEntry[] = [
    text("README.txt", readmeOf(row)),
    json("booking.json", {
      bookingId: bookingIdOf(row.id),
      patient: {
        name: row.patientName,
        age: row.patientAge,
        ageMonths: row.patientAgeMonths,
        email: row.patientEmail,
        phone: row.patientPhone,
      },
      parentOrGuardian: row.guardianName
        ? { name: row.guardianName, relationship: row.guardianRelationship }
        : null,
      reasonForConsultation: row.reasonForConsultation,
      appointment: {
        date: row.appointmentDate,
        time: row.appointmentTime,
        timeZone: ctx.config.booking.timeZone,
        durationMinutes: row.durationMinutes,
        status: row.status,
        cancellationReason: row.cancellationReason,
      },
      payment: {
        fee: row.fee,
        couponCode: row.couponCode,
        amountPaid: row.paidAmount,
        paidAt: row.paidAt?.toISOString() ?? null,
        receiptNumber: row.receiptNumber,
        status: row.paymentStatus,
        refunds,
      },
      history,
      bookedAt: row.createdAt.toISOString(),
    }),
    json(
      "consent.json",
      consents.map((consent) => ({ ...consent, givenAt: consent.givenAt.toISOString() })),
    ),
    json(
      "messages.json",
      messages.map(({ kind, channel, recipient, status, sentAt, createdAt }) => ({
        kind,
        channel,
        recipient,
        status,
        sentAt,
        createdAt,
      })),
    ),
  ];
  entries.push(
    rendered("receipt.pdf", async () => {
      // An unpaid booking has no receipt (404): the archive has no receipt.pdf then.
      const receipt = await receiptFor(ctx.db, ctx.config, profile, row.id, ctx.now).catch(() => undefined);
      return receipt?.pdf;
    }),
  );
  return entries;
}

/** Data at hand first, then the stored files, then the PDFs to render. */
function inReadingOrder(entries: ArchiveEntry[]): ArchiveEntry[] {
  const rank = ({ content }: ArchiveEntry) =>
    content instanceof Uint8Array ? 0 : content.kind === "stored" ? 1 : 2;
  return [...entries].sort((a, b) => rank(a) - rank(b));
}

export function rendered(path: string, render: RenderedContent["render"]): ArchiveEntry {
  return { path, content: { kind: "rendered", render }, compress: false };
}

export function stored(path: string, file: OpenedRecord): ArchiveEntry {
  return { path, content: { kind: "stored", file }, compress: false };
}

async function closeStoredFiles(entries: ArchiveEntry[]): Promise<void> {
  const files = entries.flatMap(({ content }) =>
    content instanceof Uint8Array || content.kind !== "stored" ? [] : [content.file],
  );
  await Promise.all(files.map((file) => file.close()));
}

export function text(path: string, content: string): ArchiveEntry {
  return { path, content: strToU8(content), compress: true };
}

export function json(path: string, value: unknown): ArchiveEntry {
  return text(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** The most of the archive held in memory ahead of the reader, besides the chunk being read from the store. */
const AHEAD_BYTES = 64 * 1024;

/**
 * The archive as a stream that is written only as fast as it is read: the next piece of a stored file is read,
 * and zipped, when the reader has taken what came before. A reader that stops taking bytes holds one chunk or so,
 * not the whole archive.
 */
function zipStream(entries: ArchiveEntry[]): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false, highWaterMark: AHEAD_BYTES });
}

/**
 * fflate calls back synchronously as each piece is pushed, so every chunk it makes is passed on before the next piece
 * is read. When the stream is destroyed (the reader went away or stalled), the generator is returned: the stored
 * file being read, and those not reached, are closed before the stream reports that it has closed.
 *
 * A report whose file is gone when the archive reaches it (erased meanwhile from a bucket, which cannot hold it
 * open) is left out and named in not-included.txt, so the archive still ends whole and valid.
 */
async function* zipChunks(entries: ArchiveEntry[]): AsyncGenerator<Uint8Array> {
  const made: Uint8Array[] = [];
  const notIncluded: string[] = [];
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else made.push(chunk);
  });
  const takeMade = function* () {
    if (failure) throw failure;
    yield* made.splice(0);
  };
  const add = async function* (entry: ArchiveEntry) {
    const content = await readable(entry, notIncluded);
    if (!content) return;
    const file = entry.compress ? new ZipDeflate(entry.path, { level: 6 }) : new ZipPassThrough(entry.path);
    zip.add(file);
    for await (const piece of content) {
      file.push(piece, false);
      yield* takeMade();
    }
    file.push(new Uint8Array(0), true);
    yield* takeMade();
  };
  try {
    for (const entry of entries) yield* add(entry);
    if (notIncluded.length > 0) yield* add(notIncludedNote(notIncluded));
    zip.end();
    yield* takeMade();
  } finally {
    await closeStoredFiles(entries);
  }
}

function notIncludedNote(paths: string[]): ArchiveEntry {
  return text(
    "not-included.txt",
    `These reports were erased while this download was under way, and are not in it:\n\n${paths.join("\n")}\n`,
  );
}

/** The entry's bytes as something to iterate, or undefined to leave it out (a gone file is noted in `notIncluded`). */
async function readable(
  entry: ArchiveEntry,
  notIncluded: string[],
): Promise<Iterable<Uint8Array> | AsyncIterable<Uint8Array> | undefined> {
  const { content } = entry;
  if (content instanceof Uint8Array) return [content];
  if (content.kind === "rendered") {
    const bytes = await content.render();
    return bytes && [bytes];
  }
  try {
    return chunksOf(await content.file.read());
  } catch (error) {
    if (!(error instanceof RecordNotFoundError)) throw error;
    notIncluded.push(entry.path);
    return undefined;
  }
}

/**
 * A stored file's chunks. When the loop over them is left early (the archive was abandoned), the stream is destroyed
 * and waited for until its file is closed, so an archive that has closed holds no file open.
 */
async function* chunksOf(stream: Readable): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } finally {
    if (!stream.closed) {
      const closed = once(stream, "close");
      stream.destroy();
      await closed;
    }
  }
}

export type { ArchiveEntry };
