import type {
  CancelledVideoRoom,
  EndedVideoRoom,
  NotOpenVideoRoom,
  TimeChangingVideoRoom,
} from "@shared/video";
import { CalendarCheck, CalendarX, CalendarPlus, Clock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FocusHeading } from "@/components/ui/focus-heading";
import { HomeButton } from "@/components/ui/home-button";
import { siteProfile } from "@/lib/site-profile";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  consultationWhen,
  countdown,
  countdownClock,
  countdownWords,
  inviteUrl,
  leadTimeText,
  opensAtText,
} from "@/lib/room-window";
import { ConsultationTips } from "./consultation-tips";
import { ClinicContacts, StateCard } from "./video-room-states";

/** The clock of the countdown: the time now, once a second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Download of the same calendar invite as the confirmation e-mail's. */
function AddToCalendarButton({
  href,
  variant = "default",
}: {
  href: string;
  variant?: "default" | "outline";
}) {
  return (
    <Button asChild size="lg" variant={variant} className="w-full sm:w-auto">
      <a href={href} download>
        <CalendarPlus aria-hidden="true" />
        Add to Calendar
      </a>
    </Button>
  );
}

interface RoomNotOpenProps {
  window: NotOpenVideoRoom;
  roomId: string;
  hostKey: string | undefined;
  /** Asks the server again; called when the countdown reaches zero, and every few seconds after until it opens. */
  onDue: () => void;
}

/** How often the page asks again once the room should be open but the server's clock has not got there yet. */
const ASK_AGAIN_MS = 10_000;

/**
 * A paid room before its window: when the consultation is, when the room opens, a live countdown, the calendar
 * invite, and the tips to prepare. When the time comes, the page asks the server again and joins by itself.
 */
export function RoomNotOpenYet({ window: room, roomId, hostKey, onDue }: RoomNotOpenProps) {
  useDocumentTitle(`The Room Opens Soon | ${siteProfile.doctor.name}`);
  const now = useNow();
  const due = now >= Date.parse(room.opensAt);
  // When the page last asked; a ref, since asking again changes nothing on screen.
  const askedAt = useRef<number | null>(null);
  useEffect(() => {
    if (!due) return;
    if (askedAt.current !== null && now - askedAt.current < ASK_AGAIN_MS) return;
    askedAt.current = now;
    onDue();
  }, [due, now, onDue]);

  const left = countdown(room.opensAt, now);
  const yours = hostKey ? "the" : "your";
  return (
    <StateCard tone="calm" icon={<Clock aria-hidden="true" />} after={<ConsultationTips />}>
      <div className="flex flex-col items-center gap-3">
        <FocusHeading>The Room Opens Soon</FocusHeading>
        <p className="text-slate-700">
          {hostKey ? "This" : "Your"} video consultation is on{" "}
          <strong className="font-semibold text-slate-900">{consultationWhen(room)}</strong>.
        </p>
        <p className="text-slate-700" data-testid="opens-at">
          The room opens at {opensAtText(room)}, {leadTimeText(room)} before {yours} consultation.
        </p>
      </div>
      <div className="flex w-full flex-col items-center gap-1 rounded-lg bg-slate-50 p-4">
        <p className="text-sm font-medium text-slate-600" id="countdown-label">
          {due ? "Opening the room..." : "Opens in"}
        </p>
        {!due && (
          <p
            role="timer"
            aria-labelledby="countdown-label"
            aria-describedby="countdown-words"
            className="font-mono text-3xl font-bold text-brand-800 tabular-nums sm:text-4xl"
            data-testid="countdown"
          >
            {countdownClock(left)}
          </p>
        )}
        <p id="countdown-words" className="sr-only">
          {countdownWords(left)}
        </p>
      </div>
      <p className="text-sm text-slate-600">
        Keep this page open: it joins the consultation by itself when the room opens. You can also come back
        to the same link later.
      </p>
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <AddToCalendarButton href={inviteUrl(roomId, hostKey)} />
        <HomeButton variant="outline" />
      </div>
    </StateCard>
  );
}

/**
 * A room that will not open (again): its consultation has ended, or was cancelled (the cancellation message says the
 * rest). What happened to the consultation, and how to reach the clinic about it.
 */
export function RoomClosed({
  window: room,
}: {
  window: EndedVideoRoom | CancelledVideoRoom | TimeChangingVideoRoom;
}) {
  const when = <strong className="font-semibold text-slate-900">{consultationWhen(room)}</strong>;
  const { title, Icon, heading, what, help } =
    room.state === "time_changing"
      ? {
          title: "Please Choose Another Time",
          Icon: CalendarX,
          heading: "The Doctor Is Not Available at This Time",
          what: (
            <>
              The doctor is not available for the video consultation of {when}, so its room will not open.
              Please choose another time (free of charge) or a full refund with the link in the e-mail or
              WhatsApp message we sent you.
            </>
          ),
          help: "Questions:",
        }
      : room.state === "ended"
        ? {
            title: "Consultation Ended",
            Icon: CalendarCheck,
            heading: "This Consultation Has Ended",
            what: <>The video consultation of {when} has ended, and its room is closed.</>,
            help: "If you could not join, or have a question about the consultation, please contact the clinic:",
          }
        : {
            title: "Consultation Cancelled",
            Icon: CalendarX,
            heading: "This Consultation Was Cancelled",
            what: (
              <>
                The video consultation of {when} was cancelled, so its room will not open. The cancellation
                and any refund were sent to you by e-mail.
              </>
            ),
            help: "To book another time, use Book Appointment on the home page. Questions:",
          };
  useDocumentTitle(`${title} | ${siteProfile.doctor.name}`);
  return (
    <StateCard tone="calm" icon={<Icon aria-hidden="true" />}>
      <div className="flex flex-col items-center gap-3">
        <FocusHeading>{heading}</FocusHeading>
        <p className="text-slate-700">{what}</p>
      </div>
      <div className="w-full border-t border-slate-200 pt-4 text-sm text-slate-700">
        <p className="mb-2">{help}</p>
        <ClinicContacts />
      </div>
      <HomeButton />
    </StateCard>
  );
}
