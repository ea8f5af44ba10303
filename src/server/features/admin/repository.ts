import { sql } from "drizzle-orm";
import type { AdminStats } from "@shared/admin";
import { type Db, rowsOf } from "../../db/client";
import { rescheduleRequests } from "../../db/schema";

/** The four dashboard figures in one round trip. `today` is the clinic's date, not the server's. */
export async function dashboardStats(db: Db, today: string): Promise<AdminStats> {
  const result = await db.execute(sql`
    select
      (select count(*) from appointments
        where appointment_date = ${today} and status in ('confirmed', 'completed')) as today_appointments,
      (select count(*) from articles where published) as published_articles,
      (select count(distinct lower(patient_email) || '|' || lower(patient_name)) from appointments
        where payment_status = 'paid') as total_patients,
      (select coalesce(sum(paid_amount) filter (where payment_status in ('paid', 'refund_pending', 'refunded')), 0)
            - coalesce(sum(refund_amount) filter (where payment_status in ('refund_pending', 'refunded')), 0)
        from appointments) as total_revenue
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

export async function listRescheduleRequests(db: Db) {
  return db
    .select()
    .from(rescheduleRequests)
    .orderBy(sql`${rescheduleRequests.createdAt} desc`)
    .limit(100);
}
