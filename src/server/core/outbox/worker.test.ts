import { addMinutes } from "date-fns";
import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import { useTestDatabase } from "../../testing/test-app";
import { enqueue } from "./repository";
import { drainOutbox, RECORD_RETRY_DELAYS_MS } from "./worker";

const silent = pino({ level: "silent" });
const START = new Date("2026-11-21T10:00:00Z");

/** The database, with its next `failures` updates failing as a dropped connection does. */
function failingUpdates(db: Db, failures: number): Db {
  let left = failures;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "update" && left > 0) {
        left -= 1;
        return () => {
          throw new Error("Connection terminated unexpectedly");
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe("the outbox worker when the database fails after a message went out", () => {
  const database = useTestDatabase("pglite");

  it("writes the result again until it holds, and never sends the message a second time", async () => {
    await enqueue(database.db, [
      { kind: "contact_message", channel: "email", recipient: "doctor", dueAt: START },
    ]);
    let deliveries = 0;
    const deliver = async () => {
      deliveries += 1;
      return { status: "sent" as const, providerMessageId: "smtp-1" };
    };
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };

    await drainOutbox(failingUpdates(database.db, 2), deliver, () => START, silent, wait);
    expect(waits).toEqual(RECORD_RETRY_DELAYS_MS.slice(0, 2));
    // Long after any lock would have lapsed, the message is not sent again.
    await drainOutbox(database.db, deliver, () => addMinutes(START, 60), silent, wait);
    expect(deliveries).toBe(1);
    const [row] = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, "contact_message"));
    expect(row).toMatchObject({ status: "sent", providerMessageId: "smtp-1", attempts: 1 });
  });
});
