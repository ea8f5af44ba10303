import { sql } from "drizzle-orm";
import type { AdminStats } from "@shared/admin";
import { type Db, rowsOf } from "../../db/client";

/** The four dashboard figures in one round trip. `today` is the clinic's date, not the server's. */
export async function dashboardStats(db: Db, today: string): Promise<AdminStats> {
  const result = await db.execute(sql`
    select
      (select count(*) from appointments
        where appointment_date = ${today} and status in ('confirmed', 'completed')) as today_appointments,
      (select count(*) from articles where published) as published_articles,
      (select count(distinct lower(patient_email) || '|' || lower(patient_name)) from appointments
        where payment_status = 'paid') as total_patients,
      (select coalesce(sum(paid_amount) filter (where paid_amount is not null), 0) from appointments)
        - (select coalesce(sum(amount), 0) from refunds) as total_revenue
  `);
  const [row] = rowsOf<{
    today_appointments: number | string;
    published_articles: number | string;
    total_patients: number | string;
    total_revenue: number | string | null;
  }>(result);
  return {
    todayAppointments: Number(row?.today_appointments ?? 0),
    publishedArticles: Number(row?.published_articles ?? 0),
    totalPatients: Number(row?.total_patients ?? 0),
    totalRevenue: Number(row?.total_revenue ?? 0),
  };
}
