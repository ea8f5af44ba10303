import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, DatabaseBackup, Download } from "lucide-react";
import type { BackupRunView } from "@shared/backup";
import { Button } from "@/components/ui/button";
import { backupStatusQuery } from "./api";
import { SectionCard } from "./section-title";
import { useClinicInstant } from "./use-clinic-instant";

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const TRIGGERS: Record<string, string> = {
  schedule: "scheduled",
  command: "by command",
  download: "downloaded",
};

/** "Succeeded, 27 Nov 2026, 2:31 AM IST, 4.2 MB (scheduled)". */
function describeRun(run: BackupRunView, at: (iso: string) => string): string {
  const when = at(run.startedAt);
  const how = TRIGGERS[run.trigger] ?? run.trigger;
  if (run.outcome === "running") return `Running since ${when} (${how}).`;
  if (run.outcome === "failed") return `Failed, ${when} (${how}).`;
  return `Succeeded, ${when}, ${formatSize(run.bytes)} (${how}).`;
}

/**
 * The dashboard's line about backups: the last one and its outcome, what needs attention (a failure, none for over a
 * day), and a backup to download now. The download is a plain link: the browser saves the file as it streams.
 */
export function BackupSummary() {
  const { data, isError } = useQuery(backupStatusQuery());
  const { at } = useClinicInstant();
  const schedule = data?.schedule
    ? `Daily at ${data.schedule}.`
    : "No daily backup is scheduled (BACKUP_SCHEDULE).";
  return (
    <SectionCard
      id="backup-summary-title"
      icon={DatabaseBackup}
      title="Backups"
      className="flex flex-wrap items-center justify-between gap-3 p-5 sm:p-6"
      headClassName="flex min-w-0 flex-col gap-1"
      intro={
        <div
          className="flex flex-col gap-1 text-sm text-slate-700"
          data-testid="backup-summary"
          aria-busy={(!data && !isError) || undefined}
        >
          {isError ? (
            <p>The backups' status could not be loaded.</p>
          ) : !data ? (
            <p>Loading…</p>
          ) : (
            <>
              <p>{data.last ? `Last backup: ${describeRun(data.last, at)}` : "No backup yet."}</p>
              <p>
                {schedule}
                {data.sealed ? " Sealed with your passphrase." : ""}
              </p>
              {data.problem ? (
                <p role="alert" className="flex items-start gap-1.5 font-medium text-red-700">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {data.problem}
                </p>
              ) : null}
            </>
          )}
        </div>
      }
    >
      <Button asChild variant="outline">
        <a href="/api/admin/backups/download" download>
          <Download className="size-4" aria-hidden="true" />
          Download a backup
        </a>
      </Button>
    </SectionCard>
  );
}
