import { ACCESS_LOG_VIEWS, type AccessLogEntry, type AccessLogView } from "@shared/patients";
import { useQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { useClinicInstant } from "./use-clinic-instant";
import { accessLogQuery } from "./patients-api";
import { ListSection } from "./section-title";
import { ShowSelect } from "./show-select";
import { cellClass, type Column, WideTable } from "./wide-table";

const ACTION_WORDS: Record<string, string> = {
  view: "Viewed",
  change: "Changed",
  download: "Downloaded",
  export: "Exported",
  erase: "Erased",
};

const SHOW_LABELS: Record<AccessLogView, string> = {
  all: "Everything",
  changes: "Changes, downloads and erasures",
  parent: "What parents did through their links",
};

const EMPTY_WORDS: Record<AccessLogView, string> = {
  all: "Nobody has opened patient data yet.",
  changes: "Nothing has been changed, downloaded or erased yet.",
  parent: "No parent has used their link yet.",
};

const SHOW_PARAM = "show";

/** The view in the address (`?show=changes`), so back and reload keep it. */
function useShowInAddress(): [AccessLogView, (show: AccessLogView) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const value = new URLSearchParams(search).get(SHOW_PARAM);
  const show = ACCESS_LOG_VIEWS.find((view) => view === value) ?? "all";
  return [
    show,
    (next) => navigate(next === "all" ? "/admin/activity" : `/admin/activity?${SHOW_PARAM}=${next}`),
  ];
}

const LOG_COLUMNS: readonly Column[] = [
  { label: "When" },
  { label: "What" },
  { label: "Whose" },
  { label: "By" },
];

/** Rows about a list name the page or filter, not a child. */
const LIST_RECORDS = new Set(["patient_list", "appointment_list", "message_list"]);

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
  const [show, setShow] = useShowInAddress();
  // The pages turned belong to one view: another view (chosen here, or by going back) starts at its newest rows.
  const [paging, setPaging] = useState<{ show: AccessLogView; cursors: string[] }>({ show, cursors: [] });
  const cursors = paging.show === show ? paging.cursors : [];
  const setCursors = (next: string[]) => setPaging({ show, cursors: next });
  const before = cursors.at(-1) ?? null;
  const log = useQuery(accessLogQuery(before, show));
  const { at } = useClinicInstant();

  return (
    <ListSection
      id="access-log-title"
      icon={ScrollText}
      title="Access Log"
      query={log}
      what="the access log"
      isEmpty={(data) => data.entries.length === 0}
      empty={EMPTY_WORDS[show]}
      before={
        <ShowSelect
          id="access-log-show"
          value={show}
          options={ACCESS_LOG_VIEWS}
          optionLabel={(view) => SHOW_LABELS[view]}
          onChange={setShow}
        />
      }
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
        <>
          <WideTable caption="Reads and changes of patient data, newest first" columns={LOG_COLUMNS}>
            {data.entries.map((entry) => (
              <LogRow key={entry.id} entry={entry} at={at} />
            ))}
          </WideTable>
          <ul className="divide-y divide-slate-200 md:hidden" aria-label="Reads and changes of patient data">
            {data.entries.map((entry) => (
              <LogCard key={entry.id} entry={entry} at={at} />
            ))}
          </ul>
        </>
      )}
    </ListSection>
  );
}

/**
 * "Viewed patient record", with the detail under it when there is one. A row about a list says what was done in its
 * own words ("Told 2 parents the doctor is running about 15 minutes late"), never "Changed appointment list".
 */
function LogWhat({ entry }: { entry: AccessLogEntry }) {
  if (LIST_RECORDS.has(entry.recordType) && entry.detail)
    return <>{entry.detail.charAt(0).toUpperCase() + entry.detail.slice(1)}</>;
  return (
    <>
      {ACTION_WORDS[entry.action] ?? entry.action} {RECORD_WORDS[entry.recordType] ?? entry.recordType}
      {entry.detail ? <span className="block text-slate-700">{entry.detail}</span> : null}
    </>
  );
}

/**
 * Whose record it was: the child's name and booking id; for a list, which part of it ("page 1", "failing page 2");
 * for a record that no longer exists, the start of its id.
 */
function LogWhose({ entry }: { entry: AccessLogEntry }) {
  if (entry.subject)
    return (
      <>
        <span className="block font-medium text-slate-900">{entry.subject.patientName}</span>
        <span className="block text-xs text-slate-600">Booking #{entry.subject.bookingId}</span>
      </>
    );
  if (entry.recordType === "erasure_request" && entry.recordId === "list")
    return <span className="text-slate-700">all requests</span>;
  if (LIST_RECORDS.has(entry.recordType)) return <span className="text-slate-700">{entry.recordId}</span>;
  return (
    <span className="font-mono text-xs text-slate-700" title={entry.recordId}>
      #{entry.recordId.slice(0, 8)} <span className="font-sans">(no longer held)</span>
    </span>
  );
}

/** The parent (through the booking's link), or the doctor, with a short code telling her sign-ins apart. */
function SessionName({ session }: { session: string }) {
  return session === "parent link" ? (
    <>Parent&apos;s link</>
  ) : (
    <>
      You{" "}
      <span
        className="text-xs text-slate-600"
        title="Each time you sign in on a device it gets its own code: rows with another code were done from another sign-in."
      >
        (sign-in <span className="font-mono">{session.replace(/^admin /, "").slice(0, 8)}</span>)
      </span>
    </>
  );
}

function LogRow({ entry, at }: { entry: AccessLogEntry; at: (iso: string) => string }) {
  return (
    <tr>
      <td className={`${cellClass} whitespace-nowrap`}>{at(entry.at)}</td>
      <td className={cellClass}>
        <LogWhat entry={entry} />
      </td>
      <td className={cellClass}>
        <LogWhose entry={entry} />
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        <SessionName session={entry.session} />
      </td>
    </tr>
  );
}

function LogCard({ entry, at }: { entry: AccessLogEntry; at: (iso: string) => string }) {
  return (
    <li className="flex flex-col gap-1 p-4 text-sm text-slate-800" data-testid="access-log-card">
      <p className="text-xs text-slate-600">{at(entry.at)}</p>
      <p className="text-slate-900">
        <LogWhat entry={entry} />
      </p>
      <div>
        <LogWhose entry={entry} />
      </div>
      <p className="text-xs text-slate-600">
        By: <SessionName session={entry.session} />
      </p>
    </li>
  );
}
