import { Activity, Baby, HeartPulse, Hospital, type LucideIcon, Stethoscope, Video, Zap } from "lucide-react";

/**
 * Services come from the profile, so the icon is chosen by words in the title; the order matters ("Cardiac
 * Electrophysiology" and "Paediatric Electrophysiology" should not look identical). Unknown titles get a stethoscope.
 */
const iconRules: ReadonlyArray<readonly [RegExp, LucideIcon]> = [
  [/video|online|tele/i, Video],
  [/congenital|newborn|fetal|baby/i, Baby],
  [/interventional|catheter|surgery/i, Hospital],
  [/cardiac electro|arrhythmia|rhythm/i, Zap],
  [/electrophysiology/i, Activity],
  [/cardio|heart/i, HeartPulse],
];

export function serviceIcon(title: string): LucideIcon {
  return iconRules.find(([pattern]) => pattern.test(title))?.[1] ?? Stethoscope;
}
