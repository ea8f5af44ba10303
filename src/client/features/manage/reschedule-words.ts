import type { RescheduleWords } from "@/components/appointments/reschedule-dialog";
import { useT } from "@/lib/i18n";

/** The reschedule dialog's words on the manage page, in the page's language (the console's are English). */
export function useRescheduleWords(): RescheduleWords {
  const t = useT();
  return {
    title: t("reschedule.title"),
    description: t("reschedule.description"),
    keep: t("reschedule.keep"),
    choose: t("reschedule.choose"),
    freeTimes: t("reschedule.freeTimes"),
    loading: t("reschedule.loading"),
    none: t("reschedule.none"),
    newDate: t("reschedule.newDate"),
  };
}
