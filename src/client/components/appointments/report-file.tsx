import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** An uploaded report's name (long names break anywhere) and, under it, what it is: type, size, when. */
export function ReportFileName({ fileName, children }: { fileName: string; children: ReactNode }) {
  return (
    // At least 10rem for the name: in a row that wraps, the buttons go below it rather than squeeze it to a column.
    <span className="min-w-[10rem] flex-1">
      <span className="block break-all font-medium text-slate-900">{fileName}</span>
      <span className="block text-xs text-slate-600">{children}</span>
    </span>
  );
}

/**
 * Download, named for the file it downloads so that screen readers tell the rows' buttons apart. The words are the
 * console's English unless the page gives its own (the parent's page in Hindi or Kannada).
 */
export function DownloadReportButton({
  href,
  fileName,
  size,
  words = { label: "Download", named: `Download ${fileName}` },
}: {
  href: string;
  fileName: string;
  size?: "sm";
  words?: { label: string; named: string };
}) {
  return (
    <Button asChild variant="outline" size={size}>
      <a href={href} download aria-label={words.named}>
        <Download aria-hidden="true" /> {words.label}
      </a>
    </Button>
  );
}
