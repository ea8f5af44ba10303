import { z } from "zod";
import { bookingIdOf } from "@shared/booking";
import type { SiteProfile } from "@shared/site-profile";
import { appointmentInterval } from "@shared/schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { DEFAULT_LANGUAGE, isLanguage } from "@shared/i18n/languages";
import { messageWords } from "../../integrations/messaging/message-words";
import { type ReceiptData, renderReceiptPdf } from "../../integrations/pdf/receipt-pdf";
import * as appointments from "../../core/appointments/repository";
import type { AppointmentRow } from "../../core/appointments/repository";
import { nextReceiptNumber } from "../../core/appointments/receipt-number";
import { refundsOf } from "../../core/appointments/refund-records";
import {
  hasPlaceholderRegistration,
  PLACEHOLDER_REGISTRATION_MESSAGE,
} from "../../core/site-profile/profile";

/**
 * Whether the booking has a fee receipt to give now: paid, and not free; in production, not while the doctor's
 * registration is still the sample's (a receipt carries it).
 */
export function hasReceipt(
  config: Config,
  profile: SiteProfile,
  row: Pick<AppointmentRow, "paidAmount" | "paidAt">,
): boolean {
  if (row.paidAmount === null || row.paidAmount === 0 || !row.paidAt) return false;
  return !(config.isProduction && hasPlaceholderRegistration(profile));
}

export interface ReceiptFile {
  filename: string;
  pdf: Buffer;
}

/**
 * The fee receipt of a paid appointment as a PDF. Its number was given when the payment was confirmed; a booking
 * paid before receipts existed gets the next number the first time its receipt is asked for.
 */
export async function receiptFor(
  db: Db,
  config: Config,
  profile: SiteProfile,
  id: string,
  now: Date,
): Promise<ReceiptFile> {
  const row = z.uuid().safeParse(id).success ? await appointments.findAppointment(db, id) : undefined;
  if (!row || row.paidAmount === null || !row.paidAt)
    throw new HttpError(404, "There is no receipt for this booking: it has not been paid.");
  if (row.paidAmount === 0)
    throw new HttpError(404, "There is no receipt for this booking: it was a free follow-up.");
  if (config.isProduction && hasPlaceholderRegistration(profile))
    throw new HttpError(409, PLACEHOLDER_REGISTRATION_MESSAGE);
  const numbered = row.receiptNumber ? row : await giveReceiptNumber(db, config, row, now);
  const pdf = await renderReceiptPdf(await receiptData(db, config, profile, numbered, now));
  return { filename: `receipt-${bookingIdOf(row.id)}.pdf`, pdf };
}

async function giveReceiptNumber(db: Db, config: Config, row: AppointmentRow, now: Date) {
  return db.transaction(async (tx) => {
    const locked = await appointments.lockAppointment(tx, row.id);
    if (locked?.receiptNumber) return locked;
    const receiptNumber = await nextReceiptNumber(tx, now, config.booking.timeZone);
    return appointments.updateAppointment(tx, row.id, { receiptNumber });
  });
}

async function receiptData(
  db: Db,
  config: Config,
  profile: SiteProfile,
  row: AppointmentRow,
  now: Date,
): Promise<ReceiptData> {
  const { timeZone } = config.booking;
  const refunds = await refundsOf(db, row.id);
  const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  const { t } = messageWords(language);
  return {
    language,
    receiptNumber: row.receiptNumber ?? "",
    issuedAt: now,
    timeZone,
    doctor: {
      name: profile.doctor.name,
      qualifications: profile.doctor.qualifications.join(", "),
      registrationNumber: profile.doctor.registration.number,
      council: profile.doctor.registration.council,
    },
    clinic: {
      name: profile.doctor.name,
      address: profile.contact.location,
      email: profile.contact.email,
      phone: profile.contact.phone,
    },
    patientName: row.patientName,
    parentName: row.guardianName,
    bookingId: bookingIdOf(row.id),
    consultation: {
      startsAt: appointmentInterval(row, timeZone).startsAt,
      durationMinutes: row.durationMinutes,
      description:
        row.consultationType === "follow_up" ? t("receipt.descriptionFollowUp") : t("receipt.description"),
    },
    fee: row.fee,
    couponCode: row.couponCode,
    discount: Math.max(0, row.fee - row.amount),
    amountPaid: row.paidAmount ?? 0,
    payment: {
      reference: row.gatewayPaymentId ?? row.orderId ?? "",
      paidAt: row.paidAt ?? now,
      method: row.gateway === "cashfree" ? "Cashfree" : t("receipt.method.simulator"),
    },
    refunds: refunds.map((refund) => ({
      amount: refund.amount,
      state: refund.state as "pending" | "succeeded" | "failed",
      createdAt: refund.createdAt,
      reason: refund.reason,
    })),
  };
}
