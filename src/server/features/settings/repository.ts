import { asc, eq } from "drizzle-orm";
import type { CouponInput } from "@shared/practice-settings";
import type { Db } from "../../db/client";
import { coupons } from "../../db/schema";

export type CouponRow = typeof coupons.$inferSelect;

/** The table keeps a coupon's price in one of two columns; the API speaks of its kind and value. */
export function couponColumns(input: CouponInput) {
  return {
    code: input.code,
    fee: input.kind === "fee" ? input.value : null,
    amountOff: input.kind === "amountOff" ? input.value : null,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    maxUses: input.maxUses,
    active: input.active,
  };
}

export function couponInputOf(row: CouponRow): CouponInput {
  return {
    code: row.code,
    kind: row.fee !== null ? "fee" : "amountOff",
    value: row.fee ?? row.amountOff ?? 0,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    active: row.active,
  };
}

export async function listCoupons(db: Db): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(asc(coupons.code));
}

/** The coupon with this code, its row held until the transaction ends (so two bookings count its uses in turn). */
export async function lockCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const rows = await db.select().from(coupons).where(eq(coupons.code, code)).for("update");
  return rows[0];
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const rows = await db.select().from(coupons).where(eq(coupons.code, code));
  return rows[0];
}

export async function lockCoupon(db: Db, id: string): Promise<CouponRow | undefined> {
  const rows = await db.select().from(coupons).where(eq(coupons.id, id)).for("update");
  return rows[0];
}

export async function insertCoupon(db: Db, input: CouponInput, now: Date): Promise<CouponRow> {
  const rows = await db
    .insert(coupons)
    .values({ ...couponColumns(input), createdAt: now, updatedAt: now })
    .returning();
  return rows[0] as CouponRow;
}

export async function updateCoupon(db: Db, id: string, input: CouponInput, now: Date): Promise<CouponRow> {
  const rows = await db
    .update(coupons)
    .set({ ...couponColumns(input), updatedAt: now })
    .where(eq(coupons.id, id))
    .returning();
  return rows[0] as CouponRow;
}

export async function deleteCoupon(db: Db, id: string): Promise<void> {
  await db.delete(coupons).where(eq(coupons.id, id));
}
