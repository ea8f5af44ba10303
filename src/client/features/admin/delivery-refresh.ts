/**
 * How soon to ask again about messages on their way: every 2 seconds in the first minute after the newest was
 * queued (the outbox sends at once, so the outcome usually arrives within seconds, while she looks), then every
 * 10 seconds for one that waits for a retry; not at all once none is on its way.
 */
export function deliveryRefreshMs(
  messages: { status: string; createdAt: string }[],
  now: number,
): number | false {
  const onTheirWay = messages.filter(
    (message) => message.status === "pending" || message.status === "processing",
  );
  if (onTheirWay.length === 0) return false;
  const newest = Math.max(...onTheirWay.map((message) => Date.parse(message.createdAt)));
  return now - newest < 60_000 ? 2_000 : 10_000;
}
