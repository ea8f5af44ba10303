import type { CouponValidation } from "@shared/booking";
import { normalizeCouponCode } from "@shared/coupon";
import {
  type Coupon,
  type CouponInput,
  type CouponPatch,
  type DoctorContacts,
  doctorContactsSchema,
  couponPrice,
  couponWindowInOrder,
  COUPON_WINDOW_MESSAGE,
  FOLLOW_UP_ABOVE_FEE_MESSAGE,
  type Fees,
  type FeesInput,
  feesSchema,
  type SettingsChange,
} from "@shared/practice-settings";
import { isSampleRegistration } from "@shared/sample-profile";
import { siteProfileSchema, type SiteProfile } from "@shared/site-profile";
import { clinicDate } from "@shared/clinic-time";
import { createHash } from "node:crypto";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { publicContentChanged } from "../../db/public-content";
import { claimSetting } from "../../db/settings";
import { HttpError } from "../../http/errors";
import { couponUseCounts, couponUsedByPhone } from "../../core/appointments/repository";
import {
  hasSettingsChange,
  lockPracticeSetting,
  readPracticeSetting,
  readPracticeSettingKept,
  recordSettingsChange,
  settingsChangeRows,
  writePracticeSetting,
} from "../../core/practice-settings/repository";
import type { ProfileStore } from "../../core/site-profile/store";
import { readSiteImage, replaceSiteImages, SIGNATURE_IMAGE } from "../../core/site-images/repository";
import {
  ImageProblem,
  photoFileName,
  photoFiles,
  signatureFile,
} from "../../integrations/images/doctor-images";
import * as repository from "./repository";
import type { CouponRow } from "./repository";

/** The price of a new booking, decided here and only here: whatever amount a browser sends is ignored. */
export interface Price {
  /** The consultation fee before any coupon. */
  fee: number;
  /** What the patient pays. */
  amount: number;
  /** The coupon's code when one applied. */
  couponCode: string | undefined;
}

/** The fees the doctor set, or the server's CONSULTATION_FEE on a database where none were saved yet. */
export async function currentFees(db: Db, config: Config): Promise<Fees> {
  const stored = feesSchema.safeParse(await readPracticeSettingKept(db, "fees"));
  return stored.success ? stored.data : { consultationFee: config.booking.fee, followUp: null };
}

const NO_CONTACTS: DoctorContacts = { email: null, whatsapp: null };

/** The doctor's private contacts saved in Settings (each null when she gave none). */
export async function doctorContacts(db: Db): Promise<DoctorContacts> {
  const stored = doctorContactsSchema.safeParse(await readPracticeSetting(db, "doctor_contacts"));
  return stored.success ? stored.data : NO_CONTACTS;
}

export async function saveDoctorContacts(
  db: Db,
  contacts: DoctorContacts,
  clock: () => Date,
): Promise<DoctorContacts> {
  await db.transaction(async (tx) => {
    const before = doctorContactsSchema.safeParse(await lockPracticeSetting(tx, "doctor_contacts"));
    const now = clock();
    await writePracticeSetting(tx, "doctor_contacts", contacts, now);
    await recordSettingsChange(tx, {
      changedAt: now,
      subject: "contacts",
      label: "Your e-mail and WhatsApp for bookings",
      before: before.success ? before.data : NO_CONTACTS,
      after: contacts,
    });
  });
  return contacts;
}

/**
 * Where the doctor's copies go now: what she saved in Settings, else the server's DOCTOR_EMAIL and DOCTOR_WHATSAPP,
 * else (undefined) the profile's public contact e-mail and phone.
 */
export async function doctorRecipients(
  db: Db,
  config: Config,
): Promise<{ email: string | undefined; whatsapp: string | undefined }> {
  const saved = await doctorContacts(db);
  return {
    email: saved.email ?? config.messaging.email.doctorEmail,
    whatsapp: saved.whatsapp ?? config.messaging.whatsapp.doctorNumber,
  };
}

/** Whether the doctor has saved the fees in the dashboard (a seeded fee is the deployer's, not hers). */
export async function feesSavedInDashboard(db: Db): Promise<boolean> {
  return hasSettingsChange(db, "fees");
}

/** Whether the doctor has uploaded the signature printed on prescriptions. */
export async function signatureUploaded(db: Db): Promise<boolean> {
  return (await readSiteImage(db, SIGNATURE_IMAGE)) !== undefined;
}

/** PUT /api/admin/fees: a follow-up rule left out stays as saved, and is checked again against the new fee. */
export async function saveFees(db: Db, config: Config, input: FeesInput, clock: () => Date): Promise<Fees> {
  const fees = await db.transaction(async (tx) => {
    const stored = feesSchema.safeParse(await lockPracticeSetting(tx, "fees"));
    const before = stored.success ? stored.data : { consultationFee: config.booking.fee, followUp: null };
    const followUp = input.followUp === undefined ? before.followUp : input.followUp;
    const after: Fees = { consultationFee: input.consultationFee, followUp };
    if (after.followUp && after.followUp.fee > after.consultationFee)
      throw new HttpError(
        400,
        FOLLOW_UP_ABOVE_FEE_MESSAGE,
        {},
        {
          issues: [{ path: "followUp.fee", message: FOLLOW_UP_ABOVE_FEE_MESSAGE }],
        },
      );
    const now = clock();
    await writePracticeSetting(tx, "fees", after, now);
    await recordSettingsChange(tx, { changedAt: now, subject: "fees", label: "Fees", before, after });
    return after;
  });
  await publicContentChanged(db);
  return fees;
}

/**
 * The first values of a new database, from the server's settings: the fee, and the coupon of COUPON_CODE and
 * COUPON_FEE. Once stored, the dashboard's values are the ones used; the settings are not read again.
 */
export async function seedPracticeSettings(db: Db, config: Config, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await claimSetting(tx, "practice_settings_seeded", now.toISOString()))) return;
    if ((await readPracticeSetting(tx, "fees")) === undefined)
      await writePracticeSetting(tx, "fees", { consultationFee: config.booking.fee }, now);
    const { couponCode, couponFee } = config.booking;
    if (couponCode && couponFee !== undefined && !(await repository.findCouponByCode(tx, couponCode)))
      await repository.insertCoupon(
        tx,
        {
          code: normalizeCouponCode(couponCode),
          kind: "fee",
          value: couponFee,
          validFrom: null,
          validUntil: null,
          maxUses: null,
          active: true,
        },
        now,
      );
  });
}

/** Why a coupon cannot be used now, in the parent's words; undefined when it can. */
function couponRefusal(row: CouponRow, uses: number, today: string): string | undefined {
  if (!row.active) return "This coupon is no longer offered.";
  if (row.validFrom && today < row.validFrom) return "This coupon is not valid yet.";
  if (row.validUntil && today > row.validUntil) return "This coupon has expired.";
  if (row.maxUses !== null && uses >= row.maxUses) return "This coupon has been used up.";
  return undefined;
}

async function usesOf(db: Db, code: string): Promise<number> {
  return (await couponUseCounts(db, [code])).get(code) ?? 0;
}

/** Whether any coupon can be used today: the booking dialog shows its coupon box only then. */
export async function couponAvailable(db: Db, config: Config, now: Date): Promise<boolean> {
  const today = clinicDate(now, config.booking.timeZone);
  return (await couponsWithUses(db)).some(({ row, uses }) => couponRefusal(row, uses, today) === undefined);
}

/** Every coupon with the number of bookings that used it, from two queries. */
async function couponsWithUses(db: Db): Promise<Array<{ row: CouponRow; uses: number }>> {
  const rows = await repository.listCoupons(db);
  const uses = await couponUseCounts(
    db,
    rows.map((row) => row.code),
  );
  return rows.map((row) => ({ row, uses: uses.get(row.code) ?? 0 }));
}

/** POST /api/coupons/validate: the price a code gives today. The per-phone rule is checked when booking. */
export async function quoteCoupon(
  db: Db,
  config: Config,
  submitted: string,
  now: Date,
): Promise<CouponValidation> {
  const { consultationFee } = await currentFees(db, config);
  const code = normalizeCouponCode(submitted);
  const row = code ? await repository.findCouponByCode(db, code) : undefined;
  const usable =
    row !== undefined &&
    couponRefusal(row, await usesOf(db, code), clinicDate(now, config.booking.timeZone)) === undefined;
  const fee = usable ? couponPrice(repository.couponInputOf(row), consultationFee) : consultationFee;
  return { valid: usable, fee, discount: consultationFee - fee };
}

/**
 * The price of a booking being made in `tx`. A code that names no coupon is ignored (the browser sends only a code
 * it applied; any other text is no coupon). A coupon that exists but cannot be used by this booking is refused with
 * its reason, rather than the parent being charged a price other than the one the dialog showed. The coupon's row is
 * held until the booking commits, so two bookings racing for its last use are counted one after the other.
 */
export async function priceBooking(
  tx: Db,
  config: Config,
  booking: { couponCode: string | undefined; phone: string; consultationFee: number },
  now: Date,
): Promise<Price> {
  const { consultationFee } = booking;
  const code = normalizeCouponCode(booking.couponCode);
  const row = code ? await repository.lockCouponByCode(tx, code) : undefined;
  if (!row) return { fee: consultationFee, amount: consultationFee, couponCode: undefined };
  const refusal =
    couponRefusal(row, await usesOf(tx, code), clinicDate(now, config.booking.timeZone)) ??
    ((await couponUsedByPhone(tx, code, booking.phone))
      ? "This coupon has already been used for a booking with this phone number."
      : undefined);
  if (refusal) throw new HttpError(409, `${refusal} Remove the coupon to book at the full fee.`);
  return {
    fee: consultationFee,
    amount: couponPrice(repository.couponInputOf(row), consultationFee),
    couponCode: code,
  };
}

function couponView(row: CouponRow, uses: number): Coupon {
  return {
    id: row.id,
    ...repository.couponInputOf(row),
    uses,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCoupons(db: Db): Promise<Coupon[]> {
  return (await couponsWithUses(db)).map(({ row, uses }) => couponView(row, uses));
}

const DUPLICATE_CODE_MESSAGE = "A coupon with this code already exists";

/** Runs a coupon change, answering a code taken by another coupon with the field's message. */
async function withUniqueCode<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, "coupons_code_idx"))
      throw new HttpError(
        409,
        DUPLICATE_CODE_MESSAGE,
        {},
        {
          issues: [{ path: "code", message: DUPLICATE_CODE_MESSAGE }],
        },
      );
    throw error;
  }
}

/**
 * A coupon that sets the fee must set it below the consultation fee: one at or above it would tell the parent
 * "Coupon Applied!" and take nothing off. (A later fee below the coupon's is caught by the price: never above the fee.)
 */
async function checkCouponBelowFee(db: Db, config: Config, coupon: CouponInput): Promise<void> {
  if (coupon.kind !== "fee") return;
  const { consultationFee } = await currentFees(db, config);
  if (coupon.value < consultationFee) return;
  const message = `A coupon's fee must be below the consultation fee (₹${consultationFee.toLocaleString("en-IN")})`;
  throw new HttpError(400, message, {}, { issues: [{ path: "value", message }] });
}

export async function createCoupon(db: Db, config: Config, input: CouponInput, now: Date): Promise<Coupon> {
  await checkCouponBelowFee(db, config, input);
  const row = await withUniqueCode(() =>
    db.transaction(async (tx) => {
      const inserted = await repository.insertCoupon(tx, input, now);
      await recordSettingsChange(tx, {
        changedAt: now,
        subject: "coupon",
        label: `Coupon ${input.code} added`,
        before: null,
        after: input,
      });
      return inserted;
    }),
  );
  await publicContentChanged(db);
  // Bookings made before with this code (the first coupon of a site that had COUPON_CODE) are its uses.
  return couponView(row, await usesOf(db, row.code));
}

const UNKNOWN_COUPON = "This coupon does not exist";
/** Uses are counted by code, on the bookings: a used code stays its coupon's for good. */
const USED_CODE_MESSAGE =
  "A coupon that has been used keeps its code: turn it off and add a coupon with the new code";
const USED_COUPON_REMOVE_MESSAGE =
  "A coupon that has been used stays in the list with its uses: turn it off instead";

export async function changeCoupon(
  db: Db,
  config: Config,
  id: string,
  patch: CouponPatch,
  now: Date,
): Promise<Coupon> {
  const row = await withUniqueCode(() =>
    db.transaction(async (tx) => {
      const current = await repository.lockCoupon(tx, id);
      if (!current) throw new HttpError(404, UNKNOWN_COUPON);
      const before = repository.couponInputOf(current);
      const after: CouponInput = { ...before, ...patch };
      if (after.code !== before.code && (await usesOf(tx, before.code)) > 0)
        throw new HttpError(
          409,
          USED_CODE_MESSAGE,
          {},
          {
            issues: [{ path: "code", message: USED_CODE_MESSAGE }],
          },
        );
      if (patch.kind !== undefined || patch.value !== undefined) await checkCouponBelowFee(tx, config, after);
      if (!couponWindowInOrder(after))
        throw new HttpError(
          400,
          COUPON_WINDOW_MESSAGE,
          {},
          {
            issues: [{ path: "validUntil", message: COUPON_WINDOW_MESSAGE }],
          },
        );
      const updated = await repository.updateCoupon(tx, id, after, now);
      await recordSettingsChange(tx, {
        changedAt: now,
        subject: "coupon",
        label: `Coupon ${after.code} changed`,
        before,
        after,
      });
      return updated;
    }),
  );
  await publicContentChanged(db);
  return couponView(row, await usesOf(db, row.code));
}

/** Removes a coupon no booking has used; the history keeps what it was. */
export async function removeCoupon(db: Db, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repository.lockCoupon(tx, id);
    if (!current) throw new HttpError(404, UNKNOWN_COUPON);
    if ((await usesOf(tx, current.code)) > 0) throw new HttpError(409, USED_COUPON_REMOVE_MESSAGE);
    await repository.deleteCoupon(tx, id);
    await recordSettingsChange(tx, {
      changedAt: now,
      subject: "coupon",
      label: `Coupon ${current.code} removed`,
      before: repository.couponInputOf(current),
      after: null,
    });
  });
  await publicContentChanged(db);
}

const SAMPLE_REGISTRATION_MESSAGE =
  "Enter your own registration number: the sample's is printed on no receipt or prescription";

/**
 * Saves the profile the doctor wrote in Settings. Its photo and signature are kept as they are (they change only by
 * their own uploads). Every process shows it from its next page on.
 */
export async function saveProfile(
  db: Db,
  config: Config,
  profiles: ProfileStore,
  input: SiteProfile,
  clock: () => Date,
): Promise<SiteProfile> {
  if (config.isProduction && isSampleRegistration(input.doctor.registration.number))
    throw new HttpError(
      400,
      SAMPLE_REGISTRATION_MESSAGE,
      {},
      {
        issues: [{ path: "doctor.registration.number", message: SAMPLE_REGISTRATION_MESSAGE }],
      },
    );
  const saved = await db.transaction(async (tx) => {
    // The profile shown before this save: the one saved last (read under the lock), or the start-up one.
    const stored = siteProfileSchema.safeParse(await lockPracticeSetting(tx, "profile"));
    const before = stored.success ? stored.data : profiles.current();
    // Read once the lock is held, so the history's order is the order the saves took effect.
    const now = clock();
    const { photoUrl, photo, signatureImage } = before.doctor;
    const after: SiteProfile = {
      ...input,
      doctor: {
        ...input.doctor,
        ...(photoUrl === undefined ? {} : { photoUrl }),
        ...(photo === undefined ? {} : { photo }),
        ...(signatureImage === undefined ? {} : { signatureImage }),
      },
    };
    await writePracticeSetting(tx, "profile", after, now);
    await recordSettingsChange(tx, { changedAt: now, subject: "profile", label: "Profile", before, after });
    return after;
  });
  // Taken here before the others are told, so no page of this process is made again from the old profile.
  profiles.replace(saved);
  await publicContentChanged(db);
  return saved;
}

/** The settings history: the latest changes, newest first. */
export async function settingsHistory(db: Db, limit: number): Promise<SettingsChange[]> {
  const rows = await settingsChangeRows(db, limit);
  return rows.map((row) => ({
    id: String(row.id),
    changedAt: row.changedAt.toISOString(),
    subject: row.subject as SettingsChange["subject"],
    label: row.label,
    before: row.before,
    after: row.after,
  }));
}

/**
 * Takes the doctor's photo: checked by its content, made into the sizes and formats the pages need, kept in the
 * database with the profile that names it. The file she sent is not kept.
 */
export async function savePhoto(
  db: Db,
  profiles: ProfileStore,
  input: Buffer,
  clock: () => Date,
): Promise<SiteProfile> {
  const { version, files } = await asBadRequest(photoFiles(input));
  const saved = await db.transaction(async (tx) => {
    const stored = siteProfileSchema.safeParse(await lockPracticeSetting(tx, "profile"));
    const before = stored.success ? stored.data : profiles.current();
    const now = clock();
    const after: SiteProfile = {
      ...before,
      doctor: { ...before.doctor, photo: { version }, photoUrl: `/media/${photoFileName(version)}` },
    };
    await replaceSiteImages(tx, "photo-", files, now);
    await writePracticeSetting(tx, "profile", after, now);
    await recordSettingsChange(tx, {
      changedAt: now,
      subject: "photo",
      label: "Photo",
      before: { photoUrl: before.doctor.photoUrl ?? null },
      after: { photoUrl: after.doctor.photoUrl },
    });
    return after;
  });
  profiles.replace(saved);
  await publicContentChanged(db);
  return saved;
}

/** An image the doctor sent that is not what it must be: a 400 with the reason. */
async function asBadRequest<T>(processing: Promise<T>): Promise<T> {
  try {
    return await processing;
  } catch (error) {
    if (error instanceof ImageProblem) throw new HttpError(400, error.message);
    throw error;
  }
}

/**
 * Takes the signature printed on prescriptions from now on: checked and drawn again as a small PNG on white (see
 * `signatureFile`), so no prescription can fail on it or carry the metadata of the file sent.
 */
export async function saveSignature(db: Db, input: Buffer, clock: () => Date): Promise<{ signature: true }> {
  const { contentType, bytes } = await asBadRequest(signatureFile(input));
  const digest = (image: Buffer) => createHash("sha256").update(image).digest("hex").slice(0, 12);
  await db.transaction(async (tx) => {
    const before = await readSiteImage(tx, SIGNATURE_IMAGE);
    const now = clock();
    await replaceSiteImages(tx, SIGNATURE_IMAGE, [{ name: SIGNATURE_IMAGE, contentType, bytes }], now);
    await recordSettingsChange(tx, {
      changedAt: now,
      subject: "signature",
      label: "Signature",
      before: before ? { image: digest(before.bytes) } : null,
      after: { image: digest(bytes) },
    });
  });
  return { signature: true };
}

/** The uploaded signature, for the doctor to see in Settings. */
export async function uploadedSignature(db: Db) {
  return readSiteImage(db, SIGNATURE_IMAGE);
}

/** A public image of the site (the photo's sizes): its name is checked by the route. */
export async function mediaImage(db: Db, name: string) {
  return name.startsWith("photo-") ? readSiteImage(db, name) : undefined;
}
