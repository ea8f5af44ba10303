/**
 * A patient's age as people say it. Children are booked in whole years; a baby under one year in months, stored as
 * an age of 0 years with the months beside it.
 */
export function ageLabel(years: number, months?: number | null): string {
  if (years === 0 && months !== undefined && months !== null) {
    if (months === 0) return "under 1 month";
    return months === 1 ? "1 month" : `${months} months`;
  }
  return years === 1 ? "1 year" : `${years} years`;
}
