// The public side of `npm run bench`: the public reads (/api/articles, /api/config, /) at 50 connections side by
// side with a bare node:http server answering the same bytes in the same run, on PGlite and on PostgreSQL, with the
// server's peak memory; and Lighthouse (mobile, its default throttling) on the home page, an article and Contact Us.
import { fork, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "./chromium.mjs";
import { root } from "./build-state.mjs";

export const publicReads = ["/api/articles", "/api/config", "/"];
export const lighthousePages = [
  "/",
  "/articles/heart-murmurs-in-children",
  "/contact-us",
  "/hi/",
  "/kn/",
  "/kn/articles/heart-murmurs-in-children",
];
/**
 * What `npm start` runs the server with, read from package.json so that the benchmark measures the same process: its
 * environment settings (`NAME=value` before `node`) and Node's flags.
 */
const startCommand = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.start.split(/\s+/);
export const serverNodeFlags = startCommand.filter((word) => word.startsWith("--"));
export const serverEnv = Object.fromEntries(
  startCommand.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split("=")),
);

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function waitForHealth(base, child) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error("The server did not start");
}

/** The production build, as `npm start` runs it, on its own port and database. */
export async function startSite(env) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...serverNodeFlags, join(root, "dist/server/main.js")], {
    env: {
      ...process.env,
      ...serverEnv,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      PUBLIC_BASE_URL: base,
      PAYMENT_PROVIDER: "simulator",
      SEED_SAMPLE_CONTENT: "true",
      // Production refuses the sample profile's placeholder registration number.
      SITE_PROFILE_FILE: join(root, "scripts/bench-profile.json"),
      ADMIN_PASSWORD: "benchmark admin password",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(base, child);
  return {
    base,
    pid: child.pid,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** A bare node:http server in its own process, answering every request with these bytes. */
async function startBare(body, contentType) {
  const dir = mkdtempSync(join(tmpdir(), "clinic-bare-"));
  const bodyFile = join(dir, "body");
  const serverFile = join(dir, "bare-server.cjs");
  writeFileSync(bodyFile, body);
  writeFileSync(
    serverFile,
    `const http = require("node:http");
const body = require("node:fs").readFileSync(process.argv[2]);
const headers = { "content-type": process.argv[3], "content-length": body.length };
const server = http.createServer((request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => process.send(server.address().port));
`,
  );
  const child = fork(serverFile, [bodyFile, contentType], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const port = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", () => reject(new Error("The bare server did not start")));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill();
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function load(url, { seconds, connections, pid }) {
  let peak = pid ? rssMb(pid) : NaN;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100) : undefined;
  const result = await autocannon({ url, connections, duration: seconds });
  clearInterval(sampler);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result.errors + result.non2xx === 0,
    peakRss: peak,
  };
}

/** Rounds per read: the site and the bare server take turns, so a machine whose speed drifts during the run slows both. */
const rounds = 4;
/** Seconds per round: the rounds of each server add up to about `seconds`. */
const secondsPerRound = (seconds) => Math.max(1, Math.round(seconds / rounds));

/** The rounds of one server, summed: requests/s over all its rounds, the median p50 and p99 of its rounds. */
function combine(results) {
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    rps: results.reduce((sum, r) => sum + r.rps, 0) / results.length,
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    ok: results.every((r) => r.ok),
    peakRss: Math.max(...results.map((r) => r.peakRss)),
    roundRps: results.map((r) => r.rps),
  };
}

/**
 * Each public read on the site and the same bytes from a bare node:http server, in this run: after one warm-up
 * second each, they take turns in `rounds` rounds (site first, then bare first, and so on) that add up to `seconds`
 * each. The ratio is what the framework, the headers and the cache cost. Both are loaded the way autocannon asks
 * (no compression).
 */
export async function benchPublicReads(site, engine, { seconds, connections }) {
  const rows = [];
  const roundSeconds = secondsPerRound(seconds);
  for (const path of publicReads) {
    const response = await fetch(site.base + path, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    const bare = await startBare(body, response.headers.get("content-type") ?? "application/octet-stream");
    try {
      await load(site.base + path, { seconds: 1, connections });
      await load(bare.base + path, { seconds: 1, connections });
      const ours = [];
      const theirs = [];
      for (let round = 0; round < rounds; round++) {
        const loadOurs = async () =>
          ours.push(await load(site.base + path, { seconds: roundSeconds, connections, pid: site.pid }));
        const loadTheirs = async () =>
          theirs.push(await load(bare.base + path, { seconds: roundSeconds, connections }));
        if (round % 2 === 0) await loadOurs().then(loadTheirs);
        else await loadTheirs().then(loadOurs);
      }
      const combined = { ours: combine(ours), bare: combine(theirs) };
      rows.push({
        engine,
        path,
        bytes: body.length,
        ...combined,
        ratio: combined.ours.rps / combined.bare.rps,
      });
    } finally {
      await bare.stop();
    }
  }
  return rows;
}

const categories = ["performance", "accessibility", "best-practices", "seo"];

/** Lighthouse, mobile, default (simulated) throttling: `runs` runs per page, the run with the median score kept. */
export async function runLighthouse(base, { runs = 3, paths = lighthousePages } = {}) {
  process.env.CHROME_PATH ??= await findChromium();
  const rows = [];
  for (const path of paths) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      });
      try {
        const { lhr } = await lighthouse(base + path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: categories,
        });
        results.push(lhr);
      } finally {
        await chrome.kill();
      }
    }
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = results[Math.floor(results.length / 2)];
    const ms = (id) => Math.round(lhr.audits[id].numericValue);
    rows.push({
      path,
      scores: Object.fromEntries(categories.map((id) => [id, Math.round(lhr.categories[id].score * 100)])),
      fcp: ms("first-contentful-paint"),
      lcp: ms("largest-contentful-paint"),
      tbt: ms("total-blocking-time"),
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      allScores: results.map((run) => Math.round(run.categories.performance.score * 100)),
      version: lhr.lighthouseVersion,
    });
  }
  return rows;
}

const number = (value) => Math.round(value).toLocaleString("en-US");
const seconds = (ms) => (ms / 1000).toFixed(2);

export function publicReadsTable(rows, { seconds: duration, connections }) {
  return [
    `Public reads at ${connections} connections (autocannon, no compression), side by side in the same run with a bare \`node:http\` server answering the same bytes: ${rounds} rounds of ${secondsPerRound(duration)} s each, the two servers taking turns (req/s over all rounds; p50 and p99 the median of the rounds'). Budget: at least 50 % of the bare server's requests/s, p99 under 20 ms; peak RSS at most 300 MB on PGlite and 200 MB on PostgreSQL.`,
    "",
    "| engine | read | bytes | req/s | p50 ms | p99 ms | bare req/s | bare p99 ms | ratio | peak RSS MB |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.engine} | \`${r.path}\` | ${number(r.bytes)} | ${number(r.ours.rps)} | ${r.ours.p50} | ${r.ours.p99} | ${number(r.bare.rps)} | ${r.bare.p99} | ${Math.round(r.ratio * 100)} % | ${Math.round(r.ours.peakRss)} |`,
    ),
  ].join("\n");
}

export function lighthouseTable(rows) {
  return [
    `Lighthouse ${rows[0]?.version ?? ""} (mobile, default simulated throttling), production build on PGlite, the median of three runs per page (performance scores of the three runs in the last column). Budget: performance at least 98; accessibility, best practices and SEO 100; FCP at most 1.2 s, LCP at most 1.5 s, TBT at most 100 ms.`,
    "",
    "| page | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | CLS | runs |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${r.tbt} | ${r.cls.toFixed(3)} | ${r.allScores.join(", ")} |`,
    ),
  ].join("\n");
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in docs/performance.md. */
export function writeSection(name, text) {
  const docPath = join(root, "docs/performance.md");
  const doc = readFileSync(docPath, "utf8");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  if (!doc.includes(start) || !doc.includes(end)) return false;
  writeFileSync(
    docPath,
    doc.slice(0, doc.indexOf(start) + start.length) + "\n\n" + text + "\n\n" + doc.slice(doc.indexOf(end)),
  );
  return true;
}
