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
import { Message, useT } from "@/lib/i18n";
import { countdown, inviteUrl } from "@/lib/room-window";
import { ConsultationTips } from "./consultation-tips";
import { countdownClockIn, countdownWordsIn, consultationWhenIn, leadTimeIn, opensAtIn } from "./room-words";
import { ClinicContacts, StateCard, useRoomTitle } from "./video-room-states";

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
  const t = useT();
  return (
    <Button asChild size="lg" variant={variant} className="w-full sm:w-auto">
      <a href={href} download>
        <CalendarPlus aria-hidden="true" />
        {t("room.notOpen.addToCalendar")}
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
  const t = useT();
  useRoomTitle(t("room.notOpen.title"));
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
  // The doctor's link says "this consultation", the parent's "your consultation".
  const opens = { opens: opensAtIn(t, room), lead: leadTimeIn(t, room) };
  return (
    <StateCard tone="calm" icon={<Clock aria-hidden="true" />} after={<ConsultationTips />}>
      <div className="flex flex-col items-center gap-3">
        <FocusHeading>{t("room.notOpen.title")}</FocusHeading>
        <p className="text-slate-700">
          <Message
            id={hostKey ? "room.notOpen.whenHost" : "room.notOpen.when"}
            values={{ when: consultationWhenIn(t, room) }}
            components={{ 0: <strong className="font-semibold text-slate-900" /> }}
          />
        </p>
        <p className="text-slate-700" data-testid="opens-at">
          {hostKey ? t("room.notOpen.opensHost", opens) : t("room.notOpen.opens", opens)}
        </p>
      </div>
      <div className="flex w-full flex-col items-center gap-1 rounded-lg bg-slate-50 p-4">
        <p className="text-sm font-medium text-slate-600" id="countdown-label">
          {due ? t("room.notOpen.opening") : t("room.notOpen.opensIn")}
        </p>
        {!due && (
          <p
            role="timer"
            aria-labelledby="countdown-label"
            aria-describedby="countdown-words"
            className="font-mono text-3xl font-bold text-brand-800 tabular-nums sm:text-4xl"
            data-testid="countdown"
          >
            {countdownClockIn(t, left)}
          </p>
        )}
        <p id="countdown-words" className="sr-only">
          {countdownWordsIn(t, left)}
        </p>
      </div>
      <p className="text-sm text-slate-600">{t("room.notOpen.keepOpen")}</p>
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <AddToCalendarButton href={inviteUrl(roomId, hostKey)} />
        <HomeButton variant="outline" />
      </div>
    </StateCard>
  );
}

/** Each closed state's icon and its messages (room.ended.*, room.cancelled.*, room.timeChanging.*). */
const CLOSED = {
  ended: { Icon: CalendarCheck, words: "ended" },
  cancelled: { Icon: CalendarX, words: "cancelled" },
  time_changing: { Icon: CalendarX, words: "timeChanging" },
} as const;

/**
 * A room that will not open (again): its consultation has ended, or was cancelled (the cancellation message says the
 * rest). What happened to the consultation, and how to reach the clinic about it.
 */
export function RoomClosed({
  window: room,
}: {
  window: EndedVideoRoom | CancelledVideoRoom | TimeChangingVideoRoom;
}) {
  const t = useT();
  const { Icon, words } = CLOSED[room.state];
  useRoomTitle(t(`room.${words}.title`));
  const help =
    words === "cancelled"
      ? t("room.cancelled.help", { book: t("header.bookAppointment") })
      : t(`room.${words}.help`);
  return (
    <StateCard tone="calm" icon={<Icon aria-hidden="true" />}>
      <div className="flex flex-col items-center gap-3">
        <FocusHeading>{t(`room.${words}.heading`)}</FocusHeading>
        <p className="text-slate-700">
          <Message
            id={`room.${words}.what`}
            values={{ when: consultationWhenIn(t, room) }}
            components={{ 0: <strong className="font-semibold text-slate-900" /> }}
          />
        </p>
      </div>
      <div className="w-full border-t border-slate-200 pt-4 text-sm text-slate-700">
        <p className="mb-2">{help}</p>
        <ClinicContacts />
      </div>
      <HomeButton />
    </StateCard>
  );
}
