import { asc, count, desc, eq, sql } from "drizzle-orm";
import {
  type PrescribedMedicine,
  type PrescriptionContent,
  PRESCRIPTION_TEMPLATE_LIMIT,
  type PrescriptionTemplate,
  type PrescriptionTemplateContent,
  type PrescriptionTemplates,
} from "@shared/prescription";
import type { z } from "zod";
import type { prescriptionTemplateSchema } from "@shared/prescription";
import type { Db } from "../../db/client";
import { prescriptions, prescriptionTemplates } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { isUuid } from "../../db/uuid";

/** How many of her latest prescriptions the favourites are counted from, and how many are suggested. */
const FAVOURITES_FROM = 500;
const FAVOURITES_SHOWN = 30;

type TemplateRow = typeof prescriptionTemplates.$inferSelect;

function toTemplate(row: TemplateRow): PrescriptionTemplate {
  return {
    id: row.id,
    name: row.name,
    content: row.content as PrescriptionTemplateContent,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Her templates by name, and the medicines she prescribes most. */
export async function prescriptionTemplateList(db: Db): Promise<PrescriptionTemplates> {
  const [rows, favourites] = await Promise.all([
    db.select().from(prescriptionTemplates).orderBy(asc(prescriptionTemplates.name)),
    favouriteMedicines(db),
  ]);
  return { templates: rows.map(toTemplate), favourites };
}

/**
 * The medicines of her latest prescriptions, most often prescribed first (the same generic name and strength are one
 * medicine), each with the dose, frequency, duration and instructions she wrote the last time.
 */
async function favouriteMedicines(db: Db): Promise<PrescribedMedicine[]> {
  const rows = await db
    .select({ content: prescriptions.content })
    .from(prescriptions)
    .orderBy(desc(prescriptions.issuedAt))
    .limit(FAVOURITES_FROM);
  const tally = new Map<string, { medicine: PrescribedMedicine; times: number; order: number }>();
  rows.forEach((row, order) => {
    for (const medicine of (row.content as PrescriptionContent).medicines) {
      const key = `${medicine.genericName}\u0000${medicine.strength.toLowerCase()}`;
      const seen = tally.get(key);
      if (seen) seen.times += 1;
      else tally.set(key, { medicine, times: 1, order });
    }
  });
  return [...tally.values()]
    .sort((a, b) => b.times - a.times || a.order - b.order)
    .slice(0, FAVOURITES_SHOWN)
    .map(({ medicine }) => medicine);
}

/** Saves a template under its name, replacing one of the same name; past the limit a new name is refused. */
export async function savePrescriptionTemplate(
  db: Db,
  input: z.output<typeof prescriptionTemplateSchema>,
  now: Date,
): Promise<PrescriptionTemplate> {
  const { name, ...content } = input;
  return db.transaction(async (tx) => {
    // One save at a time: two new names saved at once must not both pass the count at the limit.
    await tx.execute(sql`lock table ${prescriptionTemplates} in share row exclusive mode`);
    const [existing] = await tx
      .select({ id: prescriptionTemplates.id })
      .from(prescriptionTemplates)
      .where(eq(prescriptionTemplates.name, name));
    if (!existing) {
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(prescriptionTemplates);
      if (Number(total) >= PRESCRIPTION_TEMPLATE_LIMIT)
        throw new HttpError(
          409,
          `You have ${PRESCRIPTION_TEMPLATE_LIMIT} templates: delete one before saving another`,
        );
    }
    const [row] = await tx
      .insert(prescriptionTemplates)
      .values({ name, content, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: prescriptionTemplates.name, set: { content, updatedAt: now } })
      .returning();
    if (!row) throw new Error("The template was not saved");
    return toTemplate(row);
  });
}

export async function deletePrescriptionTemplate(db: Db, id: string): Promise<void> {
  const deleted = isUuid(id)
    ? await db
        .delete(prescriptionTemplates)
        .where(eq(prescriptionTemplates.id, id))
        .returning({ id: prescriptionTemplates.id })
    : [];
  if (deleted.length === 0)
    throw new HttpError(404, "This template does not exist (it may have been deleted)");
}
