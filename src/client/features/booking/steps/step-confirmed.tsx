import { bookingIdOf, type CreatedAppointment, type PublicConfig } from "@shared/booking";
import type { MessageId } from "@shared/i18n/messages";
import { BellRing, CircleCheckBig, type LucideIcon, Mail, Video } from "lucide-react";
import { Button } from "@/components/ui/button";
import { StepHeading } from "../step-heading";
import { useT } from "@/lib/i18n";
import { AppointmentWhen } from "../appointment-when";

/** What happens after a booking, in the order the parent meets it. */
const NEXT_STEPS: ReadonlyArray<{ icon: LucideIcon; message: MessageId }> = [
  { icon: Mail, message: "done.email" },
  { icon: BellRing, message: "done.whatsapp" },
  { icon: Video, message: "done.early" },
];

interface StepConfirmedProps {
  config: PublicConfig;
  appointment: CreatedAppointment;
  focusHeading: boolean;
  onDone: () => void;
}

/** Step 4: shown when a payment completes inside the page (the redirect flow ends on /payment/callback instead). */
export function StepConfirmed({ config, appointment, focusHeading, onDone }: StepConfirmedProps) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <CircleCheckBig className="size-8" aria-hidden="true" />
      </span>
      <div className="flex flex-col gap-1">
        <StepHeading id="booking-step-title" focusOnMount={focusHeading}>
          {t("done.title")}
        </StepHeading>
        <p className="text-sm text-slate-700">{t("done.text")}</p>
      </div>

      <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-left text-sm">
        <dt className="text-slate-600">{t("done.bookingId")}</dt>
        <dd className="font-mono font-semibold text-slate-900">#{bookingIdOf(appointment.id)}</dd>
        <AppointmentWhen
          date={appointment.appointmentDate}
          time={appointment.appointmentTime}
          timeZoneLabel={config.timeZoneLabel}
        />
      </dl>

      <div className="w-full text-left">
        <h4 className="mb-2 font-semibold text-slate-900">{t("done.next")}</h4>
        <ul className="flex flex-col gap-2 text-sm text-slate-700">
          {NEXT_STEPS.map(({ icon: Icon, message }) => (
            <li key={message} className="flex gap-2">
              <Icon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              {t(message)}
            </li>
          ))}
        </ul>
      </div>

      <Button size="lg" className="w-full" onClick={onDone}>
        {t("done.home")}
      </Button>
    </div>
  );
}
