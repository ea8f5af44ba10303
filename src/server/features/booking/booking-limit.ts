/**
 * How many bookings each address has started in the last hour. Only bookings that were made count: a form sent
 * with a mistake, or a slot someone else took first, costs nothing, so parents behind one mobile carrier's shared
 * address are not locked out by each other's typos. Kept in memory per instance, like the contact form's limit.
 */
export function createBookingLimit(maxPerWindow: number, windowMs: number) {
  const made = new Map<string, number[]>();

  const recent = (address: string, now: number): number[] => {
    const times = (made.get(address) ?? []).filter((time) => time > now - windowMs);
    if (times.length === 0) made.delete(address);
    else made.set(address, times);
    return times;
  };

  return {
    /**
     * Takes one of the address's bookings for this hour, before the booking is made, so that bookings sent at once
     * cannot all pass; answers the seconds to wait instead when none is left. `release` gives it back.
     */
    reserve(address: string, now: number): { waitSeconds: number; release: () => void } {
      const times = recent(address, now);
      if (times.length >= maxPerWindow) {
        const oldest = times[0] ?? now;
        return {
          waitSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
          release: () => undefined,
        };
      }
      made.set(address, [...times, now]);
      const release = () => {
        const current = made.get(address) ?? [];
        const index = current.indexOf(now);
        if (index >= 0) current.splice(index, 1);
        if (current.length === 0) made.delete(address);
      };
      return { waitSeconds: 0, release };
    },
  };
}
