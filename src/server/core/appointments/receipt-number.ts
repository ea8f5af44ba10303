import { sql } from "drizzle-orm";
import { clinicDate } from "@shared/clinic-time";
import { type Db, rowsOf } from "../../db/client";

/** India's financial year of a clinic date: April to March, written "2026-27". */
function financialYearOf(date: string): string {
  const [yearText, monthText] = date.split("-");
  const year = Number(yearText);
  const start = Number(monthText) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/**
 * The next fee receipt number, "2026-27/000001", in sequence per financial year without gaps from races: one
 * statement counts up the year's row (inserting it for the year's first receipt) and answers the new number.
 */
export async function nextReceiptNumber(db: Db, now: Date, timeZone: string): Promise<string> {
  const year = financialYearOf(clinicDate(now, timeZone));
  const result = await db.execute(sql`
    insert into receipt_counters (financial_year, last_number) values (${year}, 1)
    on conflict (financial_year) do update set last_number = receipt_counters.last_number + 1
    returning last_number`);
  const [row] = rowsOf<{ last_number: number | string }>(result);
  return `${year}/${String(Number(row?.last_number ?? 1)).padStart(6, "0")}`;
}
