import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { consolePageAt } from "./admin-layout";

/** What a link to the workspace remembers in the browser's history: the console page it was opened from. */
interface CameFrom {
  from?: unknown;
  /** Followed from "Join as host": the call starts on arrival, once. */
  join?: unknown;
}

/**
 * A link to an appointment's consultation workspace that remembers the console page it was followed from, so the
 * workspace leads back there (the Calendar, Patients), not always to Today. The browser keeps it over a reload.
 */
export function WorkspaceLink({
  appointmentId,
  join = false,
  children,
  ...props
}: {
  appointmentId: string;
  /** Start the video call on arrival (the tap on the link is her consent to it). */
  join?: boolean;
  children: ReactNode;
  "aria-label"?: string;
  className?: string;
}) {
  const [path] = useLocation();
  const state: CameFrom = join ? { from: path, join: true } : { from: path };
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

/**
 * Whether the workspace was opened with "Join as host": true once, then forgotten in the history entry, so a reload
 * or coming back to it does not start the call again by itself.
 */
export function useJoinOnArrival(): boolean {
  const [join] = useState(() => (window.history.state as CameFrom | null)?.join === true);
  useEffect(() => {
    const state = window.history.state as CameFrom | null;
    if (state?.join === true) window.history.replaceState({ ...state, join: undefined }, "");
  }, []);
  return join;
}
