/** One backup as the dashboard shows it. */
export interface BackupRunView {
  startedAt: string;
  finishedAt: string | null;
  outcome: "running" | "succeeded" | "failed";
  bytes: number;
  /** schedule, command or download. */
  trigger: string;
  location: string | null;
  error: string | null;
}

/** GET /api/admin/backups: the last backup, the last good one, and what is wrong if anything. */
export interface BackupStatusView {
  /** The daily time (HH:MM in the clinic's zone), or null when no backup is scheduled. */
  schedule: string | null;
  /** Whether backups are sealed with BACKUP_PASSPHRASE. */
  sealed: boolean;
  last: BackupRunView | null;
  lastSuccess: BackupRunView | null;
  /** A sentence for the doctor when backups need attention; null when all is well. */
  problem: string | null;
}
