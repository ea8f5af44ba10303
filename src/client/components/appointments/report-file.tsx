import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** An uploaded report's name (long names break anywhere) and, under it, what it is: type, size, when. */
export function ReportFileName({ fileName, children }: { fileName: string; children: ReactNode }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block break-all font-medium text-slate-900">{fileName}</span>
      <span className="block text-xs text-slate-600">{children}</span>
    </span>
  );
}

/** Download, named for the file it downloads so that screen readers tell the rows' buttons apart. */
export function DownloadReportButton({
  href,
  fileName,
  size,
}: {
  href: string;
  fileName: string;
  size?: "sm";
}) {
  return (
    <Button asChild variant="outline" size={size}>
      <a href={href} download aria-label={`Download ${fileName}`}>
        <Download aria-hidden="true" /> Download
      </a>
    </Button>
  );
}
