import { Check } from "lucide-react";
import { cn } from "@/lib/utils";
import { useT } from "@/lib/i18n";
import { WIZARD_STEPS, type WizardStep } from "./booking-logic";

/** 1 Details, 2 Time Slot, 3 Payment, 4 Confirm; the current step is announced with aria-current. */
export function StepIndicator({ current }: { current: WizardStep }) {
  const t = useT();
  return (
    <ol aria-label={t("steps.label")} className="grid grid-cols-4 gap-1">
      {WIZARD_STEPS.map(({ step }) => {
        const done = step < current;
        const active = step === current;
        return (
          <li
            key={step}
            aria-current={active ? "step" : undefined}
            className="flex flex-col items-center gap-1 text-center"
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold",
                done && "border-brand-700 bg-brand-700 text-white",
                active && "border-brand-700 bg-white text-brand-800",
                !done && !active && "border-slate-300 bg-white text-slate-600",
              )}
            >
              {done ? <Check className="size-4" /> : step}
            </span>
            <span
              className={cn(
                "text-xs leading-tight",
                active ? "font-semibold text-slate-900" : "text-slate-600",
              )}
            >
              <span className="sr-only">{t(done ? "steps.done" : "steps.current", { step })}</span>
              {t(`steps.${step}`)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
