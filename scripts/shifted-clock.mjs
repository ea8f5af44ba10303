// Loaded with `node --import` by the browser tests that start a site of their own at a later moment (see
// e2e/support/site.ts, `clockAt`): the process's clock starts at SHIFTED_CLOCK_START (an ISO instant) and runs on
// from there at the normal pace. Only `Date` is moved; timers and `performance.now()` keep real time. Never loaded
// by `npm start`.
const start = Date.parse(process.env.SHIFTED_CLOCK_START ?? "");
if (Number.isNaN(start))
  throw new Error("SHIFTED_CLOCK_START must be an ISO instant, such as 2026-11-24T14:00:00Z");

const RealDate = Date;
const offset = start - RealDate.now();
const now = () => RealDate.now() + offset;

globalThis.Date = new Proxy(RealDate, {
  // `new Date()` is the shifted now; `new Date(value)` and subclasses are left as they are.
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
  // `Date()` called without `new` answers the current time as text.
  apply: () => new RealDate(now()).toString(),
  get: (target, property, receiver) => (property === "now" ? now : Reflect.get(target, property, receiver)),
});
