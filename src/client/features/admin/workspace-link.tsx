import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { consolePageAt } from "./admin-layout";

/** What a link to the workspace remembers in the browser's history: the console page it was opened from. */
interface CameFrom {
  from?: unknown;
}

/**
 * A link to an appointment's consultation workspace that remembers the console page it was followed from, so the
 * workspace leads back there (the Calendar, Patients), not always to Today. The browser keeps it over a reload.
 */
export function WorkspaceLink({
  appointmentId,
  children,
  ...props
}: {
  appointmentId: string;
  children: ReactNode;
  "aria-label"?: string;
  className?: string;
}) {
  const [path] = useLocation();
  const state: CameFrom = { from: path };
  return (
    <Link href={`/admin/appointments/${encodeURIComponent(appointmentId)}`} state={state} {...props}>
      {children}
    </Link>
  );
}

/** The console page the workspace was opened from, Today when it was opened otherwise (a bookmark, a new tab). */
export function useWorkspaceCameFrom(): { href: string; label: string } {
  const state = useHistoryState<CameFrom | null>();
  const from = typeof state?.from === "string" ? consolePageAt(state.from) : null;
  return from ?? { href: "/admin/today", label: "Today" };
}
