/** The fixed slot catalogue: every 20 minutes from 7:00 PM to 8:40 PM, in the clinic's zone. */
export const SLOT_TIMES = ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"] as const;

/** "19:40" -> "7:40 PM". */
export function slotLabel(time: string): string {
  const [hourText = "0", minute = "00"] = time.split(":");
  const hour = Number(hourText);
  const suffix = hour >= 12 ? "PM" : "AM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${minute} ${suffix}`;
}
