import { HttpError } from "../../http/errors";

export const EXPORTS_BUSY_MESSAGE =
  "This booking's data is already being downloaded. Please let that download finish, then try again.";

/**
 * How many data exports of each booking are running in this process. A booking's archive can be large (five 10 MB
 * reports), so one manage link may not open many downloads at once; a download that is refused can be tried again
 * when one has finished. Kept in memory: with several instances the cap applies per instance.
 */
export class ExportsInFlight {
  private readonly running = new Map<string, number>();

  constructor(private readonly perBooking: number) {}

  /** Counts a new export of the booking, or refuses it (429); answers the function that ends it (once). */
  start(appointmentId: string): () => void {
    const count = this.running.get(appointmentId) ?? 0;
    if (count >= this.perBooking) throw new HttpError(429, EXPORTS_BUSY_MESSAGE);
    this.running.set(appointmentId, count + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.running.get(appointmentId) ?? 1) - 1;
      if (left > 0) this.running.set(appointmentId, left);
      else this.running.delete(appointmentId);
    };
  }
}
