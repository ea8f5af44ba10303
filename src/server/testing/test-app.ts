import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { CreatedAppointment, CreatedOrder, PaymentVerification } from "@shared/booking";
import { CONSENT_VERSIONS } from "@shared/consent";
import { isLanguage } from "@shared/i18n/languages";
import type { AccessLogPage, ErasureRequestView } from "@shared/patients";
import { sampleProfile } from "@shared/sample-profile";
import type { SiteProfile } from "@shared/site-profile";
import { buildApp } from "../app";
import { hashPassword } from "../features/admin-auth/password";
import { type Config, loadConfig } from "../config";
import { createTestDatabase, type Engine, type TestDatabase } from "./test-database";
import type { PaymentGateway } from "../integrations/payments/gateway";
import { selectPaymentGateway } from "../integrations/payments/select-gateway";
import { useInSuite } from "./suite";

export { createTestDatabase, type Engine, type TestDatabase, testEngines } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  gateway: PaymentGateway;
  /** Every log line the app wrote, for privacy checks. */
  logs: string[];
  close(): Promise<void>;
}

interface TestAppOptions {
  env?: Record<string, string>;
  profile?: SiteProfile;
  now?: () => Date;
  gateway?: PaymentGateway;
  /** Serve the built browser app (pages rendered on the server and kept in memory); needs `ensureBuild()`. */
  serveClient?: boolean;
  /** A database made beforehand (a restored one); by default a new migrated one of the engine. */
  database?: TestDatabase;
}

export async function createTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(engine));
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString());
      callback();
    },
  });
  // Files the app writes (the outbox of unconfigured channels) go to a temporary folder, never the project's data/.
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(join(tmpdir(), "clinic-test-"));
  const ownPassword = options.env?.ADMIN_PASSWORD ?? options.env?.ADMIN_PASSWORD_HASH;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    DATA_DIR: dataDir,
    ...(ownPassword ? {} : { ADMIN_PASSWORD_HASH: await testAdminPasswordHash }),
    ...options.env,
  });
  const gateway = options.gateway ?? selectPaymentGateway(config, database.db);
  const app = await buildApp({
    config,
    database,
    profile: options.profile ?? sampleProfile,
    logStream,
    ...(options.now ? { now: options.now } : {}),
    gateway,
    announceAdminPassword: () => undefined,
    serveClient: options.serveClient ?? false,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    gateway,
    logs,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * A new parent's address at each call, under a suite's own prefix ("10.55"): each booking or request comes from its
 * own address, as parents' do, so the per-address rate limits never interfere.
 */
export function addressesUnder(prefix: string): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}.${Math.floor(count / 200)}.${count % 200}`;
  };
}

/**
 * A throwaway database of the suite it is called in, for tests of code below the app: made in a beforeAll, disposed
 * of in an afterAll (see `useInSuite`).
 */
export function useTestDatabase(engine: Engine): TestDatabase {
  return useInSuite(async () => {
    const database = await createTestDatabase(engine);
    return { ...database, close: () => database.dispose() };
  });
}

/**
 * The app of the suite it is called in: started in a beforeAll, closed in an afterAll (see `useInSuite`). Options
 * that name something started earlier in the suite (a stand-in's address) are given as a function, read when the app
 * starts.
 */
export function useTestApp(engine: Engine, options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  return useInSuite(() => createTestApp(engine, typeof options === "function" ? options() : options));
}

/**
 * The app of a suite that serves the site at TEST_SITE on a test clock started at `start`, with `options` besides
 * (a function when they name something started earlier in the suite). Answers the app, its clock, the doctor's
 * sign-in from the site's origin (a cookie valid at the clock's time), the headers of her requests with a session,
 * a new parent's address at each call (198.51.100.1, .2, …), so the per-address limits never interfere, and a named
 * child's booking from such an address, paid on the simulator (`bookPaid`) or held (`bookHeld`).
 */
export function useSiteApp(
  engine: Engine,
  start: string,
  options: TestAppOptions | (() => TestAppOptions) = {},
) {
  const clock = testClock(start);
  const t = useTestApp(engine, () => {
    const own = typeof options === "function" ? options() : options;
    return { ...own, now: clock.now, env: { ...own.env, PUBLIC_BASE_URL: TEST_SITE } };
  });
  const signIn = () => signInAsAdmin(t.app, { origin: TEST_SITE });
  const doctorHeaders = (cookie: string) => ({ cookie, origin: TEST_SITE });
  let address = 0;
  const nextAddress = () => `198.51.100.${++address}`;
  const bookPaid = (patientName: string, changes: Record<string, unknown> = {}) =>
    bookPaidAppointment(t.app, bookingFor(patientName, changes), nextAddress());
  const bookHeld = (patientName: string, changes: Record<string, unknown> = {}) =>
    bookAppointment(t.app, bookingFor(patientName, changes), nextAddress());
  return { clock, t, signIn, doctorHeaders, nextAddress, bookPaid, bookHeld };
}

/** A clock tests can move: `clock.now()` is what the app reads. */
export function testClock(start: string) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (iso: string) => {
      current = new Date(iso);
    },
    advanceMinutes: (minutes: number) => {
      current = new Date(current.getTime() + minutes * 60_000);
    },
  };
}

/** The admin password every test app starts with, unless its `env` names another ADMIN_PASSWORD. */
export const TEST_ADMIN_PASSWORD = "correct horse battery staple";
/**
 * Its hash at scrypt's lowest accepted cost, made once per test file: at the real cost every app start and every
 * sign-in took about 100 ms of a core, some minutes of the whole suite. The cost is read from the hash, so the
 * sign-in, lockout and rate-limit paths are the production ones; password.test.ts checks the real cost.
 */
const testAdminPasswordHash = hashPassword(TEST_ADMIN_PASSWORD, { ln: 10 });
/** The site's address (PUBLIC_BASE_URL) in the suites that need one; the doctor's requests then come from it. */
export const TEST_SITE = "https://clinic.test";
/** The Origin an injected request gets from Fastify's defaults: the site's own pages, for the same-origin check. */
export const TEST_ORIGIN = "http://localhost:80";

/**
 * Signs in as the administrator and answers the session cookie (`admin_session=...`) to send back. An app started
 * with PUBLIC_BASE_URL accepts the login only from that origin: pass it as `origin`.
 */
export async function signInAsAdmin(
  app: FastifyInstance,
  { password = TEST_ADMIN_PASSWORD, origin = TEST_ORIGIN }: { password?: string; origin?: string } = {},
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { password },
    headers: { origin },
  });
  if (response.statusCode !== 200)
    throw new Error(`Admin sign-in failed: ${response.statusCode} ${response.body}`);
  return String([response.headers["set-cookie"]].flat()[0]).split(";")[0] ?? "";
}

/**
 * A request the doctor sends with `headers` (her session and the origin she signed in from); any but a GET carries
 * `payload`, an empty object when none is given, as the dashboard's forms send it.
 */
export function doctorRequest(
  app: FastifyInstance,
  headers: Record<string, string>,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers, ...(method === "GET" ? {} : { payload: payload ?? {} }) });
}

/** The access log's first page, newest first, as the doctor's Activity page reads it with her session's headers. */
export async function accessLogEntries(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: "GET", url: "/api/admin/access-log", headers });
  return response.json<AccessLogPage>().entries;
}

/** The medicine of the tests' prescriptions, as the doctor types it: furosemide for a child's heart. */
export const sampleMedicine = {
  genericName: "furosemide",
  strength: "10 mg/ml",
  dose: "1 ml",
  frequency: "twice a day",
  duration: "5 days",
};

/** A prescription as the doctor issues it for a girl with a small VSD: `sampleMedicine` with `medicine`'s changes. */
export function samplePrescription(medicine: Record<string, string> = {}) {
  return {
    patientSex: "female",
    diagnosis: "Small muscular ventricular septal defect",
    medicines: [{ ...sampleMedicine, ...medicine }],
  };
}

/** What every booking sends besides the patient and the slot: the parent of a child patient, and both consents ticked. */
export const bookingConsent = {
  guardianName: "Lakshmi Iyer",
  guardianRelationship: "Mother",
  teleconsultationConsent: true,
  privacyAcknowledged: true,
  consentVersion: CONSENT_VERSIONS.en,
} as const;

/** Pays a held appointment on the payment simulator's checkout, as a parent would, and lets the site verify it. */
export async function payOnSimulator(
  app: FastifyInstance,
  appointmentId: string,
  remoteAddress?: string,
): Promise<string> {
  const from = remoteAddress ? { remoteAddress } : {};
  const order = (
    await app.inject({ method: "POST", url: "/api/create-order", payload: { appointmentId }, ...from })
  ).json<CreatedOrder>();
  await app.inject({
    method: "POST",
    url: `/payment/simulator/${order.orderId}`,
    payload: "outcome=pay",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    ...from,
  });
  await app.inject({ method: "GET", url: `/api/verify-payment/${order.orderId}`, ...from });
  return order.orderId;
}

/**
 * Pays a held appointment on the simulator, lets the site verify it as the result page does, and answers the manage
 * token of the link the result page hands out.
 */
async function payAndTakeManageToken(
  app: FastifyInstance,
  appointmentId: string,
  remoteAddress?: string,
): Promise<string> {
  const orderId = await payOnSimulator(app, appointmentId, remoteAddress);
  const verified = (
    await app.inject({
      method: "GET",
      url: `/api/verify-payment/${orderId}`,
      ...(remoteAddress ? { remoteAddress } : {}),
    })
  ).json<PaymentVerification>();
  if (verified.outcome !== "confirmed" || !verified.manageUrl)
    throw new Error(`The payment was not confirmed: ${JSON.stringify(verified)}`);
  return new URL(verified.manageUrl).pathname.split("/").at(-1) ?? "";
}

/** A booking as the form sends it: a child of five with their mother, both consents, 23 Nov 2026 at 7:00 PM. */
export function bookingPayload(changes: Record<string, unknown> = {}) {
  return {
    patientName: "Meera Pillai",
    patientEmail: "pillai.family@example.org",
    patientPhone: "+91 98450 12345",
    patientAge: 5,
    reasonForConsultation: "Breathless when feeding",
    ...bookingConsent,
    // A booking made in Hindi or Kannada agrees to that language's consent wording.
    ...(isLanguage(changes.language) ? { consentVersion: CONSENT_VERSIONS[changes.language] } : {}),
    appointmentDate: "2026-11-23",
    appointmentTime: "19:00",
    ...changes,
  };
}

/** The booking of `bookingPayload` for another child, their parent's e-mail named after them: `kavya.parent@…`. */
export function bookingFor(patientName: string, changes: Record<string, unknown> = {}) {
  const patientEmail = `${patientName.split(" ")[0]?.toLowerCase()}.parent@example.org`;
  return bookingPayload({ patientName, patientEmail, ...changes });
}

/** Books through POST /api/appointments, as the booking dialog does, and answers the held appointment. */
export async function bookAppointment(
  app: FastifyInstance,
  changes: Record<string, unknown> = {},
  remoteAddress?: string,
): Promise<CreatedAppointment> {
  const response = await app.inject({
    method: "POST",
    url: "/api/appointments",
    payload: bookingPayload(changes),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 201) throw new Error(`Booking failed: ${response.statusCode} ${response.body}`);
  return response.json<{ appointment: CreatedAppointment }>().appointment;
}

/** Books and pays on the simulator as a parent would; answers the appointment's id and its manage link's token. */
export async function bookPaidAppointment(
  app: FastifyInstance,
  changes: Record<string, unknown> = {},
  remoteAddress?: string,
): Promise<{ id: string; token: string }> {
  const { id } = await bookAppointment(app, changes, remoteAddress);
  return { id, token: await payAndTakeManageToken(app, id, remoteAddress) };
}

/**
 * Fails unless `logged` (the log's lines, joined) holds none of `secrets`, each named in the failure, neither as
 * written nor without its dashes: an order id is its appointment's id without them.
 */
export function expectNotLogged(logged: string, secrets: Record<string, string>): void {
  for (const [name, secret] of Object.entries(secrets)) {
    expect(logged, name).not.toContain(secret);
    expect(logged, name).not.toContain(secret.replaceAll("-", ""));
  }
}

/**
 * The parent asks on the manage link to erase the booking behind `token`, and the doctor, signed in from the site's
 * `origin`, finds the request among those pending. Answers its confirmation, for the test to send when it is ready.
 */
export async function askForErasure(app: FastifyInstance, token: string, origin: string) {
  const asked = await app.inject({ method: "POST", url: `/api/manage/${token}/erasure`, payload: {} });
  expect(asked.statusCode, asked.body).toBe(200);
  const headers = { cookie: await signInAsAdmin(app, { origin }), origin };
  const { requests } = (
    await app.inject({ method: "GET", url: "/api/admin/erasure-requests", headers })
  ).json<{ requests: ErasureRequestView[] }>();
  const pending = requests.find((request) => request.status === "pending");
  return {
    /** The doctor confirms the erasure; answers the request as it then stands. */
    confirm: async () => {
      const confirmed = await app.inject({
        method: "POST",
        url: `/api/admin/erasure-requests/${pending?.id ?? ""}/confirm`,
        headers,
        payload: {},
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return confirmed.json<ErasureRequestView>();
    },
  };
}

/**
 * API routes that need a token of their own instead of the admin session, and answer 404 without it (as if they
 * were not there): `npm run backup` asking the server that holds the embedded database.
 */
export const tokenApiRoutes = new Set(["POST /api/internal/backup", "POST /api/internal/backup/checked"]);

/** Every API route a visitor without a session may call; anything else under /api is the administrator's. */
export const publicApiRoutes = new Set([
  "GET /api/health",
  "GET /api/articles",
  "GET /api/articles/:slug",
  "POST /api/contact",
  "GET /api/config",
  "POST /api/coupons/validate",
  "POST /api/appointments",
  "GET /api/follow-ups/:key",
  "POST /api/create-order",
  "GET /api/verify-payment/:orderId",
  "POST /api/payments/webhook",
  "POST /api/admin/login",
  "GET /api/video-room/:roomId",
  "GET /api/video-room/:roomId/invite.ics",
  "POST /api/video-room/:roomId/presence",
  "GET /api/availability",
  "GET /api/manage/:token",
  "POST /api/manage/:token/cancel",
  "POST /api/manage/:token/reschedule",
  "POST /api/manage/:token/language",
  "GET /api/manage/:token/receipt",
  "GET /api/manage/:token/uploads",
  "POST /api/manage/:token/uploads",
  "GET /api/manage/:token/uploads/:uploadId",
  "DELETE /api/manage/:token/uploads/:uploadId",
  "GET /api/manage/:token/prescriptions",
  "GET /api/manage/:token/prescriptions/:prescriptionId/pdf",
  "GET /api/manage/:token/data-rights",
  "POST /api/manage/:token/erasure",
  "GET /api/manage/:token/export",
]);
