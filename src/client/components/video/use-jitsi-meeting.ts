import { useEffect, useRef, useState } from "react";
import type { JitsiMeetExternalApi } from "./jitsi-external-api";
import { loadJitsiScript } from "./jitsi-external-api";
import type { Language } from "@shared/i18n/languages";
import type { OpenVideoRoom } from "@shared/video";
import { jitsiMeetingOptions } from "./jitsi-options";

/** Script loading, then connecting, then joined (LIVE); a script that cannot load ends in "failed". */
type MeetingPhase = "loading" | "connecting" | "joined" | "failed";

/**
 * Embeds the meeting in the returned container: loads external_api.js, creates the Jitsi API, follows its events,
 * and disposes of it when the person hangs up, the page unmounts or the tab is closed (Jitsi asks integrators to
 * remove the conference before the page goes away). `onLeave` runs once, after hang-up has finished.
 */
export function useJitsiMeeting(
  lookup: OpenVideoRoom,
  displayName: string,
  onLeave: () => void,
  language: Language = "en",
) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<MeetingPhase>("loading");
  // The latest callback, without re-creating the meeting when the parent renders a new function.
  const onLeaveRef = useRef(onLeave);
  useEffect(() => {
    onLeaveRef.current = onLeave;
  });

  useEffect(() => {
    let unmounted = false;
    let api: JitsiMeetExternalApi | undefined;
    let left = false;
    const dispose = () => {
      const current = api;
      api = undefined;
      current?.dispose();
    };
    // Jitsi reports both videoConferenceLeft and readyToClose on hang-up; the page leaves on the first.
    const leave = () => {
      if (left) return;
      left = true;
      dispose();
      onLeaveRef.current();
    };

    loadJitsiScript(lookup.room.scriptUrl)
      .then((JitsiMeetExternalAPI) => {
        const parentNode = containerRef.current;
        if (unmounted || !parentNode) return;
        api = new JitsiMeetExternalAPI(
          lookup.room.domain,
          jitsiMeetingOptions(lookup, parentNode, displayName, language),
        );
        api.addListener("videoConferenceJoined", () => setPhase("joined"));
        api.addListener("videoConferenceLeft", leave);
        api.addListener("readyToClose", leave);
        setPhase("connecting");
      })
      .catch(() => {
        if (!unmounted) setPhase("failed");
      });

    window.addEventListener("pagehide", dispose);
    return () => {
      unmounted = true;
      window.removeEventListener("pagehide", dispose);
      dispose();
    };
  }, [lookup, displayName, language]);

  return { containerRef, phase };
}
