import { afterAll, beforeAll } from "vitest";

/**
 * Something a suite starts once and stops at its end: an app on a throwaway database, a stand-in server. Called in a
 * `describe` body, `useInSuite(start)` starts it in a `beforeAll` and closes it in an `afterAll`, and answers a
 * handle that reads through to what was started, so a suite writes `const smtp = useInSuite(startSmtpStandIn)`
 * instead of a variable, a beforeAll and an afterAll of its own.
 *
 * Hooks run in the order they are registered and `afterAll`s in the reverse order, so what is used second (an app
 * whose settings name a stand-in) is started after, and closed before, what it uses.
 */
export function useInSuite<T extends { close(): Promise<void> }>(
  start: () => Promise<T>,
  timeout?: number,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeout);
  afterAll(async () => {
    await started?.close();
  });
  const current = (): T => {
    if (!started) throw new Error("Not started yet: a suite's fixture is there from its beforeAll on");
    return started;
  };
  return new Proxy({} as T, {
    get(_target, property) {
      const value: unknown = Reflect.get(current(), property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(current()) : value;
    },
    set(_target, property, value) {
      return Reflect.set(current(), property, value);
    },
    has(_target, property) {
      return Reflect.has(current(), property);
    },
  });
}
