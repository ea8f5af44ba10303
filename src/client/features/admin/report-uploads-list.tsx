import { formatFileSize, isReportContentType, REPORT_TYPES, type ReportUpload } from "@shared/uploads";
import { useQuery } from "@tanstack/react-query";
import { Eye, FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DownloadReportButton, ReportFileName } from "@/components/appointments/report-file";
import { LoadFailed } from "@/components/ui/load-failed";
import { Loading } from "@/components/ui/loading";
import { Skeleton } from "@/components/ui/skeleton";
import { formatInstant } from "./notification-format";
import { adminReportDownloadUrl, adminReportUploadsQuery } from "./report-uploads-api";

/** The reports the parent uploaded before the call, in the appointment's details, each to download. */
export function ReportUploadsList({
  appointmentId,
  timeZone,
  zone,
  onView,
}: {
  appointmentId: string;
  /** Offers "View" on each report, to show it in place (the workspace). */
  onView?: (upload: ReportUpload) => void;
  /** The clinic's zone and its short name, once the configuration is loaded. */
  timeZone: string | undefined;
  zone: string | undefined;
}) {
  // In the workspace a report the parent sends during the call appears by itself.
  const reports = useQuery({
    ...adminReportUploadsQuery(appointmentId),
    refetchInterval: onView ? 30_000 : false,
  });
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Reports from the parent</h3>
      {reports.isPending ? (
        <Loading label="Loading the reports…" className="flex flex-col gap-2">
          <Skeleton className="h-8 w-full" />
        </Loading>
      ) : reports.isError ? (
        <LoadFailed layout="inline" onRetry={() => void reports.refetch()}>
          The reports could not be loaded.
        </LoadFailed>
      ) : reports.data.uploads.length === 0 ? (
        <p className="text-sm text-slate-600">No reports uploaded.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 text-sm" aria-label="Reports from the parent">
          {reports.data.uploads.map((upload) => (
            <li key={upload.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <ReportFileName fileName={upload.fileName}>
                {isReportContentType(upload.contentType) ? REPORT_TYPES[upload.contentType].label : "File"} ·{" "}
                {formatFileSize(upload.sizeBytes)} · uploaded{" "}
                {formatInstant(upload.uploadedAt, timeZone, zone)}
              </ReportFileName>
              {/* On a phone the buttons take a row of their own, leaving the whole width to the file's name. */}
              <div className="flex w-full flex-wrap gap-2 sm:w-auto">
                {onView ? (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`View ${upload.fileName}`}
                    onClick={() => onView(upload)}
                  >
                    <Eye aria-hidden="true" /> View
                  </Button>
                ) : null}
                <DownloadReportButton
                  href={adminReportDownloadUrl(appointmentId, upload.id)}
                  fileName={upload.fileName}
                  size="sm"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
