import { availableSlotsText, type ConsultationHoursGroup } from "@shared/consultation-hours";
import { translatedHoursGroups } from "@/lib/consultation-hours";
import { useLanguage, useT } from "@/lib/i18n";

/** "Available slots: 7:00 PM - 9:00 PM (Daily)" (the spec's words), in the page's language. */
export function useAvailableSlotsText(groups: readonly ConsultationHoursGroup[]): string {
  const t = useT();
  const language = useLanguage();
  if (language === "en") return availableSlotsText(groups);
  const slots =
    groups.length === 0
      ? t("hours.none")
      : translatedHoursGroups(groups, t)
          .map((group) => t("details.slotGroup", group))
          .join("; ");
  return t("details.availableSlots", { slots });
}
