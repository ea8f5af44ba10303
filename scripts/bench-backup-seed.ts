// Run by scripts/bench-backup.mjs (through tsx): fills an embedded database and its records folder with a practice
// of the size the backup budget names, far faster than booking through the site would.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../src/server/db/client";

const [dataDir, appointmentsArg, reportsArg, reportMbArg] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: bench-backup-seed <data folder> <appointments> <reports> <MB each>");
const appointments = Number(appointmentsArg ?? 10_000);
const reports = Number(reportsArg ?? 100);
const reportBytes = Number(reportMbArg ?? 2) * 1024 * 1024;

const database = await openDatabase({ dataDir });
await database.migrate();
// Past consultations, completed, one a slot: 10 a day, going back as far as needed.
await database.db.execute(sql`
  INSERT INTO appointments (patient_name, patient_email, patient_phone, patient_age, reason_for_consultation,
    appointment_date, appointment_time, status, payment_status, fee, amount, paid_amount, hold_expires_at)
  SELECT 'Child ' || n, 'parent' || n || '@example.org', '+91 98450 ' || lpad((n % 100000)::text, 5, '0'), 1 + n % 15,
    'Breathless when feeding; murmur heard at the school check-up', CURRENT_DATE - 1001 + (n / 10),
    to_char(TIME '09:00' + ((n % 10) * INTERVAL '20 minutes'), 'HH24:MI'), 'completed', 'paid', 2000, 2000, 2000,
    now()
  FROM generate_series(1, ${appointments}) AS n`);
const records = join(dataDir, "records");
mkdirSync(records, { recursive: true });
const ids = rowsOf<{ id: string }>(
  await database.db.execute(sql`SELECT id FROM appointments ORDER BY appointment_date DESC LIMIT ${reports}`),
);
for (const [index, { id }] of ids.entries()) {
  const key = randomBytes(16).toString("hex");
  // Random bytes: scanned reports hardly compress, and the budget must hold for them.
  writeFileSync(join(records, key), randomBytes(reportBytes));
  await database.db.execute(sql`
    INSERT INTO report_uploads (appointment_id, storage_key, file_name, content_type, size_bytes, uploaded_at)
    VALUES (${id}, ${key}, ${`report ${index + 1}.pdf`}, 'application/pdf', ${reportBytes}, now())`);
}
await database.close();
