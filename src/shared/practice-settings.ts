import { z } from "zod";
import { isValidIsoDate } from "./clinic-time";
import { normalizeCouponCode } from "./coupon";
import { mobileNumberE164 } from "./phone";

/**
 * What the doctor sets in the dashboard's Settings besides the profile: the fees and the coupons. The server checks
 * every change with these schemas; the dashboard's forms use the same ones, so both give the same messages.
 */

/** The highest fee the settings take, in rupees: far above any consultation, low enough to catch a slip of the keys. */
export const MAX_FEE = 100_000;

const rupees = (what: string) =>
  z
    .number({ error: `${what} must be a number of rupees` })
    .int(`${what} must be a whole number of rupees`)
    .min(0, `${what} cannot be negative`)
    .max(MAX_FEE, `${what} can be at most ₹${MAX_FEE.toLocaleString("en-IN")}`);

/** The longest follow-up period the settings take, in days. */
export const MAX_FOLLOW_UP_DAYS = 90;

/**
 * The follow-up rule: a follow-up consultation for `fee` rupees (0: free), on a day at most `withinDays` days after
 * the day of a completed consultation. Practo's free follow-up within 7 days is the usual choice.
 */
export const followUpSchema = z
  .object({
    fee: rupees("The follow-up fee"),
    withinDays: z
      .number({ error: "The follow-up period must be a number of days" })
      .int("The follow-up period must be a whole number of days")
      .min(1, "The follow-up period must be at least 1 day")
      .max(MAX_FOLLOW_UP_DAYS, `The follow-up period can be at most ${MAX_FOLLOW_UP_DAYS} days`),
  })
  .strict();
export type FollowUpRule = z.infer<typeof followUpSchema>;

const feeFields = z
  .object({
    consultationFee: rupees("The consultation fee").refine((fee) => fee >= 1, {
      message: "The consultation fee must be at least ₹1",
    }),
    /** No follow-up price when null: every consultation is at the consultation fee. */
    followUp: followUpSchema.nullable().default(null),
  })
  .strict();

export const FOLLOW_UP_ABOVE_FEE_MESSAGE = "The follow-up fee cannot be more than the consultation fee";
const followUpWithinFee = (fees: { consultationFee: number; followUp?: FollowUpRule | null | undefined }) =>
  !fees.followUp || fees.followUp.fee <= fees.consultationFee;

/** The fees as stored and as the dashboard's form sends them: both parts. */
export const feesSchema = feeFields.refine(followUpWithinFee, {
  message: FOLLOW_UP_ABOVE_FEE_MESSAGE,
  path: ["followUp", "fee"],
});

/** PUT /api/admin/fees: `followUp` left out keeps the rule saved; null ends it. */
export const feesInputSchema = feeFields
  .extend({ followUp: followUpSchema.nullable().optional() })
  .refine(followUpWithinFee, { message: FOLLOW_UP_ABOVE_FEE_MESSAGE, path: ["followUp", "fee"] });
export type FeesInput = z.infer<typeof feesInputSchema>;

export type Fees = z.infer<typeof feesSchema>;

const clinicDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the date as YYYY-MM-DD")
  .refine(isValidIsoDate, "This date does not exist");

/** Codes a parent can type on a phone: letters, digits and hyphens, compared upper-cased. */
const couponCode = z
  .string({ error: "Enter a coupon code" })
  .transform((code) => normalizeCouponCode(code))
  .pipe(
    z
      .string()
      .min(3, "A coupon code needs at least 3 characters")
      .max(30, "A coupon code can have at most 30 characters")
      .regex(/^[A-Z0-9][A-Z0-9-]*$/, "A coupon code may use only letters, digits and hyphens"),
  );

const useLimit = z
  .number({ error: "The use limit must be a number" })
  .int("The use limit must be a whole number")
  .min(1, "The use limit must be at least 1")
  .max(1_000_000, "The use limit can be at most 1,000,000");

/** Every field of a coupon, none with a default: a change names only what it changes. */
const couponFields = z
  .object({
    code: couponCode,
    /** What the coupon does: set the fee to `value`, or take `value` off the fee. */
    kind: z.enum(["fee", "amountOff"], { error: "Choose what the coupon does" }),
    value: rupees("The coupon's amount"),
    validFrom: clinicDate.nullable(),
    validUntil: clinicDate.nullable(),
    maxUses: useLimit.nullable(),
    active: z.boolean(),
  })
  .strict();

/** A new coupon: open-ended, unlimited and active unless told otherwise. */
const newCouponFields = couponFields.extend({
  validFrom: clinicDate.nullable().default(null),
  validUntil: clinicDate.nullable().default(null),
  maxUses: useLimit.nullable().default(null),
  active: z.boolean().default(true),
});

const windowInOrder = (coupon: { validFrom: string | null; validUntil: string | null }) =>
  !coupon.validFrom || !coupon.validUntil || coupon.validFrom <= coupon.validUntil;
export const COUPON_WINDOW_MESSAGE = "The last day must not be before the first";

// A new object for each use: zod keeps (and rewrites) the one it is given.
export const couponInputSchema = newCouponFields.refine(windowInOrder, {
  message: COUPON_WINDOW_MESSAGE,
  path: ["validUntil"],
});
export type CouponInput = z.infer<typeof couponInputSchema>;
export type CouponInputFields = z.input<typeof couponInputSchema>;

/** PATCH: any of the fields; the window is checked again on the merged coupon. */
export const couponPatchSchema = couponFields
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Change at least one field" });
export type CouponPatch = z.infer<typeof couponPatchSchema>;

export function couponWindowInOrder(coupon: CouponInput): boolean {
  return windowInOrder(coupon);
}

/** A coupon as the dashboard lists it, with the number of bookings that used it. */
export interface Coupon extends CouponInput {
  id: string;
  uses: number;
  createdAt: string;
  updatedAt: string;
}

/** One change in the settings history. */
export interface SettingsChange {
  id: string;
  changedAt: string;
  subject: "profile" | "fees" | "coupon" | "photo" | "signature" | "contacts";
  label: string;
  before: unknown;
  after: unknown;
}

/**
 * The fee a coupon gives on a consultation fee: never above the fee, never below ₹1, the least a payment gateway
 * takes (a free consultation is not booked through a payment).
 */
export function couponPrice(coupon: Pick<CouponInput, "kind" | "value">, fee: number): number {
  const price = coupon.kind === "fee" ? coupon.value : fee - coupon.value;
  return Math.min(fee, Math.max(1, price));
}

/**
 * Where the doctor's own copies go (new bookings, changes, contact messages): her private e-mail and WhatsApp number,
 * apart from the public ones on the site. Null: DOCTOR_EMAIL / DOCTOR_WHATSAPP, else the profile's contact e-mail and
 * phone.
 */
export const doctorContactsSchema = z
  .object({
    email: z
      .email("Enter an e-mail address such as name@example.com")
      .max(254, "An e-mail address can have at most 254 characters")
      .nullable(),
    whatsapp: z
      .string()
      .max(30, "Enter a mobile number such as +91 98450 12345")
      .nullable()
      .transform((typed, context) => {
        if (typed === null) return null;
        const number = mobileNumberE164(typed);
        if (number) return number;
        context.addIssue({ code: "custom", message: "Enter a mobile number such as +91 98450 12345" });
        return z.NEVER;
      }),
  })
  .strict();
export type DoctorContacts = z.output<typeof doctorContactsSchema>;
