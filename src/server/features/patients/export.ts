import { PassThrough, type Readable } from "node:stream";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { bookingIdOf } from "@shared/booking";
import type { SiteProfile } from "@shared/site-profile";
import { historyOf } from "../appointments/history";
import { receiptFor } from "../appointments/receipt";
import { eventsOf } from "../appointments/repository";
import type { AppointmentRow } from "../booking/repository";
import { appointmentNotifications } from "../notifications/outbox-admin";
import { refundsOf } from "../payments/refund-repository";
import { toRefundView } from "../payments/refunds";
import { consentsOf } from "./repository";
import type { PatientsContext } from "./service";

/** A file of the archive: its path inside the ZIP and its bytes, or a stream of them for a large stored file. */
interface ArchiveEntry {
  path: string;
  content: Uint8Array | (() => Promise<Readable>);
  /** Text compresses; PDFs and images are already compressed and are stored as they are. */
  compress: boolean;
}

const README = `Everything the clinic's website holds about this booking.

booking.json        the booking: patient, parent or guardian, contact, reason, time, payment, refunds, history
consent.json        the consent given before payment, with the exact text agreed to
messages.json       the e-mail and WhatsApp messages sent about the booking
receipt.pdf         the fee receipt, when the booking was paid
notes.txt           the doctor's consultation notes, when written
prescriptions/      each prescription issued, as PDF and as data
reports/            the reports you uploaded

To have this data erased, use "Ask for erasure" on the booking's page.
`;

/** The parts of the record other features keep (notes, prescriptions, uploads), added to the archive. */
export type ExtraEntries = (ctx: PatientsContext, row: AppointmentRow) => Promise<ArchiveEntry[]>;

/**
 * GET /api/manage/{token}/export: a ZIP of everything held about the booking. It streams: stored reports are read
 * a chunk at a time, so a booking with five 10 MB reports does not sit in memory.
 */
export async function exportArchive(
  ctx: PatientsContext,
  profile: SiteProfile,
  row: AppointmentRow,
  extra: ExtraEntries,
): Promise<{ fileName: string; stream: Readable }> {
  const entries = [...(await coreEntries(ctx, profile, row)), ...(await extra(ctx, row))];
  return { fileName: `booking-${bookingIdOf(row.id)}-data.zip`, stream: zipStream(entries) };
}

async function coreEntries(
  ctx: PatientsContext,
  profile: SiteProfile,
  row: AppointmentRow,
): Promise<ArchiveEntry[]> {
  const [refunds, events, consents, messages] = await Promise.all([
    refundsOf(ctx.db, row.id),
    eventsOf(ctx.db, row.id),
    consentsOf(ctx.db, row.id),
    appointmentNotifications(ctx.db, row.id),
  ]);
  const entries: ArchiveEntry[] = [
    text("README.txt", README),
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
        refunds: refunds.map(toRefundView),
      },
      history: historyOf(events),
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
  const receipt = await receiptFor(ctx.db, ctx.config, profile, row.id, ctx.now).catch(() => undefined);
  if (receipt) entries.push({ path: "receipt.pdf", content: receipt.pdf, compress: false });
  return entries;
}

export function text(path: string, content: string): ArchiveEntry {
  return { path, content: strToU8(content), compress: true };
}

export function json(path: string, value: unknown): ArchiveEntry {
  return text(path, `${JSON.stringify(value, null, 2)}\n`);
}

function zipStream(entries: ArchiveEntry[]): Readable {
  const output = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    output.write(chunk);
    if (final) output.end();
  });
  void (async () => {
    try {
      for (const entry of entries) await addEntry(zip, entry);
      zip.end();
    } catch (error) {
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return output;
}

async function addEntry(zip: Zip, entry: ArchiveEntry): Promise<void> {
  const file = entry.compress ? new ZipDeflate(entry.path, { level: 6 }) : new ZipPassThrough(entry.path);
  zip.add(file);
  if (entry.content instanceof Uint8Array) {
    file.push(entry.content, true);
    return;
  }
  for await (const chunk of await entry.content()) file.push(chunk as Uint8Array, false);
  file.push(new Uint8Array(0), true);
}

export type { ArchiveEntry };
