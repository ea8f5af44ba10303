import type { AccessLogEntry } from "@shared/patients";
import { useQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useClinicInstant } from "./use-clinic-instant";
import { accessLogQuery } from "./patients-api";
import { ListSection } from "./section-title";

const ACTION_WORDS: Record<string, string> = {
  view: "Viewed",
  change: "Changed",
  download: "Downloaded",
  export: "Exported",
  erase: "Erased",
};

const LOG_COLUMNS = ["When", "What", "Record", "Session"];

const RECORD_WORDS: Record<string, string> = {
  appointment: "appointment",
  appointment_list: "appointment list",
  message_list: "list of messages",
  patient: "patient record",
  patient_list: "patient list",
  upload: "uploaded report",
  prescription: "prescription",
  notes: "consultation notes",
  erasure_request: "erasure request",
};

/**
 * The access log: who looked at or changed patients' data, newest first, 100 rows a page. It cannot be edited or
 * cleared, here or in the database.
 */
export function AccessLogPanel() {
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1) ?? null;
  const log = useQuery(accessLogQuery(before));
  const { at } = useClinicInstant();

  return (
    <ListSection
      id="access-log-title"
      icon={ScrollText}
      title="Access Log"
      query={log}
      what="the access log"
      isEmpty={(data) => data.entries.length === 0}
      empty="Nobody has opened patient data yet."
      after={
        <nav aria-label="Access log pages" className="flex justify-between gap-3">
          <Button
            type="button"
            variant="outline"
            disabled={cursors.length === 0}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Newer
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!log.data?.next}
            onClick={() => log.data?.next && setCursors([...cursors, log.data.next])}
          >
            Older
          </Button>
        </nav>
      }
    >
      {(data) => (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Reads and changes of patient data, newest first</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                {LOG_COLUMNS.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn("px-4 py-2 font-medium", index === 0 && "sm:px-6")}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.entries.map((entry) => (
                <LogRow key={entry.id} entry={entry} at={at} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListSection>
  );
}

function LogRow({ entry, at }: { entry: AccessLogEntry; at: (iso: string) => string }) {
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap px-4 py-2 text-slate-800 sm:px-6">{at(entry.at)}</td>
      <td className="px-4 py-2 text-slate-900">
        {ACTION_WORDS[entry.action] ?? entry.action} {RECORD_WORDS[entry.recordType] ?? entry.recordType}
        {entry.detail ? <span className="block text-slate-700">{entry.detail}</span> : null}
      </td>
      <td className="break-all px-4 py-2 font-mono text-xs text-slate-700">{entry.recordId}</td>
      <td className="whitespace-nowrap px-4 py-2 font-mono text-xs text-slate-700">{entry.session}</td>
    </tr>
  );
}
