// `npm run bench`: load tests of the production build with autocannon, on PGlite and on PostgreSQL, written into
// docs/performance.md. PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server;
// the benchmark creates and drops a database of its own there.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { root } from "./build-state.mjs";
import {
  benchPublicReads,
  lighthouseTable,
  publicReadsTable,
  runLighthouse,
  serverEnv,
  serverNodeFlags,
  startSite,
  writeSection,
} from "./bench-public.mjs";
import {
  bookingBody,
  bookingDialogAfterTap,
  bookingDialogText,
  paidManagePath,
} from "./bench-parent-pages.mjs";
import { ensureBuild } from "./ensure-build.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
/** Bookings made before booking creation is measured, out of the 360 slots of the 60-day horizon. */
const warmUpBookings = 60;
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

/** Dates from tomorrow on in the clinic's zone, so every slot is bookable whatever the hour. */
function clinicDates(count) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d + 1 + i)).toISOString().slice(0, 10),
  );
}

async function startServer(env) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [...serverNodeFlags, join(root, "dist/server/main.js")], {
    env: {
      ...process.env,
      ...serverEnv,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      PAYMENT_PROVIDER: "simulator",
      SEED_SAMPLE_CONTENT: "true",
      // Production refuses the sample profile's placeholder registration number.
      SITE_PROFILE_FILE: join(root, "scripts/bench-profile.json"),
      // One load generator books all 360 slots from one address; the production limit would stop it at 20.
      BOOKINGS_PER_HOUR_PER_ADDRESS: "100000",
      ADMIN_PASSWORD: "benchmark admin password",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error("The server did not start");
}

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function load(name, options, pid) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  const result = await autocannon({ connections, ...options });
  clearInterval(sampler);
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    statuses,
    peakRss: peak,
  };
}

/**
 * The parent's calendar: every date of a month with its free slots (GET /api/availability?month=), read once the
 * bookings above hold slots in it. The month 30 days ahead is always inside the 60-day horizon.
 */
async function monthAvailabilityRead(base, pid) {
  const month = clinicDates(30)[29].slice(0, 7);
  return load(
    "month availability read",
    { url: `${base}/api/availability?month=${month}`, duration: seconds },
    pid,
  );
}

async function runScenarios(engine, env) {
  const { child, base } = await startServer(env);
  try {
    const date = clinicDates(1)[0];
    const results = [];
    results.push(
      await load(
        "availability read",
        { url: `${base}/api/appointments?date=${date}`, duration: seconds },
        child.pid,
      ),
    );
    results.push(await load("articles read", { url: `${base}/api/articles`, duration: seconds }, child.pid));
    // Each request books a different slot, so every one is a real booking (201), not a conflict.
    const slots = clinicDates(60).flatMap((day) =>
      ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"].map((time) => [day, time]),
    );
    let next = 0;
    const bookings = (amount) => ({
      url: `${base}/api/appointments`,
      method: "POST",
      headers: { "content-type": "application/json" },
      amount,
      connections: 10,
      requests: [
        {
          setupRequest: (request) => {
            const [day, time] = slots[next % slots.length];
            next += 1;
            return { ...request, body: bookingBody(day, time, next) };
          },
        },
      ],
    });
    // The first bookings after a start compile the booking path and open the pool's connections; like the reads,
    // whose first second is a small part of ten, the figure is for a server that has booked before.
    await autocannon(bookings(warmUpBookings));
    results.push(await load("booking creation", bookings(slots.length - warmUpBookings), child.pid));
    results.push(await monthAvailabilityRead(base, child.pid));
    return results.map((result) => ({ engine, ...result }));
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

async function withPostgres(run) {
  const name = `clinic_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(`PostgreSQL not reachable at ${adminUrl} (${error.message}); skipping the PostgreSQL runs.`);
    return [];
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchApi() {
  const dataDir = mkdtempSync(join(tmpdir(), "clinic-bench-"));
  const rows = [
    ...(await withPostgres((url) => runScenarios("PostgreSQL", { DATABASE_URL: url }))),
    ...(await runScenarios("PGlite", { DATA_DIR: dataDir })),
  ];
  rmSync(dataDir, { recursive: true, force: true });

  const budget = {
    "availability read": "≥ 2,000 req/s, p99 < 50 ms",
    "articles read": "≥ 2,000 req/s, p99 < 50 ms",
    "booking creation": "p99 < 100 ms",
    "month availability read": "p99 < 50 ms",
  };
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (autocannon, ${seconds} s per read scenario at ${connections} connections; booking creation: ${360 - warmUpBookings} distinct slots at 10 connections, after ${warmUpBookings} bookings not counted), production build, Node ${process.version}, on this machine (2 cores).`,
    "",
    "| engine | scenario | req/s | p50 ms | p99 ms | answers | peak RSS MB | budget |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${r.name} | ${Math.round(r.rps).toLocaleString("en-US")} | ${r.p50} | ${r.p99} | ${r.statuses} | ${Math.round(r.peakRss)} | ${budget[r.name]} |`,
    ),
  ].join("\n");
  console.log(table);

  const docPath = join(root, "docs/performance.md");
  const doc = readFileSync(docPath, "utf8");
  const start = "<!-- bench:start -->";
  const end = "<!-- bench:end -->";
  if (doc.includes(start) && doc.includes(end)) {
    writeFileSync(
      docPath,
      doc.slice(0, doc.indexOf(start) + start.length) + "\n" + table + "\n" + doc.slice(doc.indexOf(end)),
    );
    console.log("Written to docs/performance.md");
  }
}

// Public pages and reads against a bare node:http server, then Lighthouse on PGlite.
const publicOptions = { seconds, connections };
const onSite = async (engine, env, run) => {
  const site = await startSite(env);
  try {
    return await run(site, engine);
  } finally {
    await site.stop();
  }
};
async function benchPublic() {
  const publicDataDir = mkdtempSync(join(tmpdir(), "clinic-bench-public-"));
  const publicRows = [
    ...(await withPostgres((url) =>
      onSite("PostgreSQL", { DATABASE_URL: url }, (site, engine) =>
        benchPublicReads(site, engine, publicOptions),
      ),
    )),
    ...(await onSite("PGlite", { DATA_DIR: publicDataDir }, (site, engine) =>
      benchPublicReads(site, engine, publicOptions),
    )),
  ];
  const publicText = `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\`, production build, Node ${process.version}, on this machine (2 cores).\n\n${publicReadsTable(publicRows, publicOptions)}`;
  console.log(publicText);
  writeSection("bench-public", publicText);
  rmSync(publicDataDir, { recursive: true, force: true });
}

ensureBuild();
// BENCH_ONLY=pages measures the pages alone (Lighthouse and the booking dialog), without the load tests;
// BENCH_ONLY=api the API's load tests alone (the first table).
if (process.env.BENCH_ONLY === "api") {
  await benchApi();
  process.exit(0);
}
if (process.env.BENCH_ONLY !== "pages") {
  await benchApi();
  await benchPublic();
}
const lighthouseDataDir = mkdtempSync(join(tmpdir(), "clinic-bench-lighthouse-"));
let bookingDialog;
const lighthouseRows = await onSite("PGlite", { DATA_DIR: lighthouseDataDir }, async (site) => {
  const publicPages = await runLighthouse(site.base);
  // The manage page of a booking paid on the simulator; its token is left out of the table.
  const managePage = await runLighthouse(site.base, { paths: [await paidManagePath(site.base)] });
  bookingDialog = await bookingDialogAfterTap(site.base);
  return [...publicPages, ...managePage.map((row) => ({ ...row, path: "/appointments/manage/{token}" }))];
});
rmSync(lighthouseDataDir, { recursive: true, force: true });
const lighthouseText = `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\`.\n\n${lighthouseTable(lighthouseRows)}`;
console.log(lighthouseText);
writeSection("lighthouse", lighthouseText);
const bookingDialogSection = `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\`.\n\n${bookingDialogText(bookingDialog)}`;
console.log(bookingDialogSection);
writeSection("booking-dialog", bookingDialogSection);
