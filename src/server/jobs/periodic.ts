import type { FastifyBaseLogger } from "fastify";

/**
 * Runs `work` at once and then every `intervalMs`, never two runs at the same time: a run still going when the next
 * is due is not doubled. A failed run is logged and the next one tries again. Answers a function that stops it.
 */
export function startPeriodic(
  name: string,
  intervalMs: number,
  work: () => Promise<void>,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, `${name} failed; it will run again`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
