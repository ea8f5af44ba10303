import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { Worker } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../../../scripts/ensure-build.mjs";
import { signInAsAdmin, TEST_ORIGIN, testEngines, useTestApp } from "../../testing/test-app";

/**
 * Anyone can make up article addresses. The answer for one no article has is the article-not-found page, status
 * 404, and it is the same page for every such address, kept once in memory: a flood of made-up addresses neither
 * renders pages nor fills memory, and the rest of the site keeps answering.
 */
const LOAD_CONNECTIONS = 20;
const HEALTH_SAMPLES = 500;
/** The budget for the health check's 99th percentile while the flood runs. */
const HEALTH_P99_MS = 50;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(base: string, path: string, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(`${base}${path}`, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end();
  });
}

/**
 * A flood of requests for made-up article addresses from its own thread, as from another machine: `connections`
 * kept-alive connections, each sending its next request as soon as the answer arrived, until stopped. The answers
 * are read and thrown away. `running` settles at its first answer; `stop` answers how many of each status came back.
 */
function startFlood(
  base: string,
  connections: number,
): { running: Promise<void>; stop(): Promise<Record<string, number>> } {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const { Agent, request } = require("node:http");
    const { randomBytes } = require("node:crypto");
    const agent = new Agent({ keepAlive: true, maxSockets: workerData.connections });
    const statuses = {};
    let flooding = true;
    parentPort.once("message", () => (flooding = false));
    const send = () =>
      new Promise((resolve, reject) => {
        const path = "/articles/heart-" + randomBytes(6).toString("hex");
        const sent = request(workerData.base + path, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode));
        });
        sent.on("error", reject);
        sent.end();
      });
    const connection = async () => {
      while (flooding) {
        const status = await send();
        if (!answered) parentPort.postMessage({ answered: (answered = true) });
        statuses[status] = (statuses[status] || 0) + 1;
      }
    };
    let answered = false;
    Promise.all(Array.from({ length: workerData.connections }, connection)).then(() => {
      agent.destroy();
      parentPort.postMessage({ statuses });
    });
  `;
  const worker = new Worker(source, { eval: true, workerData: { base, connections } });
  let answered = () => undefined as void;
  const running = new Promise<void>((resolve) => (answered = resolve));
  const done = new Promise<Record<string, number>>((resolve, reject) => {
    worker.on("message", (message: { answered?: true; statuses?: Record<string, number> }) => {
      if (message.answered) answered();
      if (message.statuses) resolve(message.statuses);
    });
    worker.once("error", reject);
  });
  return {
    running,
    stop: async () => {
      worker.postMessage("stop");
      const statuses = await done;
      await worker.terminate();
      return statuses;
    },
  };
}

/** How long each of `samples` health checks in a row took, in milliseconds, on one kept-alive connection. */
async function healthTimings(base: string, samples: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const timings: number[] = [];
  try {
    for (let sample = 0; sample < samples; sample++) {
      const started = performance.now();
      const health = await get(base, "/api/health", agent);
      timings.push(performance.now() - started);
      expect(health.status).toBe(200);
    }
    return timings;
  } finally {
    agent.destroy();
  }
}

/** An address shaped like a real article's, which no article has. */
const madeUpArticle = () => `/articles/heart-${randomBytes(6).toString("hex")}`;

describe.each(testEngines)("unknown article addresses on %s", (engine) => {
  beforeAll(() => {
    // The pages are the built browser app's, rendered on the server.
    ensureBuild();
  }, 300_000);
  const t = useTestApp(engine, { serveClient: true });
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });

  it("answers 404 with the article-not-found page, one and the same page for every made-up address", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(base, madeUpArticle())));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toContain("text/html");
      expect(answer.body).toContain("<title>404 Page Not Found</title>");
      expect(answer.body).toMatch(/<meta name="robots" content="noindex/);
      expect(answer.body).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    }
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    // Odd spellings that can never be a slug get the same page.
    const odd = await get(base, "/articles/Heart%20Murmur!");
    expect(odd.status).toBe(404);
    expect(odd.headers.etag).toBe(answers[0]?.headers.etag);
  });

  it("answers an article published after its address was asked for", async () => {
    const cookie = await signInAsAdmin(t.app);
    const before = await get(base, "/articles/innocent-murmurs");
    expect(before.status).toBe(404);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/articles",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {
        title: "Innocent murmurs",
        excerpt: "Most murmurs in children are harmless.",
        content: "Most heart murmurs heard in children are **innocent**.",
        published: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const slug = created.json<{ article: { slug: string } }>().article.slug;
    const after = await get(base, `/articles/${slug}`);
    expect(after.status).toBe(200);
    expect(after.body).toContain("Innocent murmurs");
    expect(after.body).toContain("<strong>innocent</strong>");
  });

  it(`keeps /api/health's 99th percentile under ${HEALTH_P99_MS} ms while ${LOAD_CONNECTIONS} connections ask for made-up articles`, async () => {
    // The first answer renders the page once; the flood then meets it in memory.
    expect((await get(base, madeUpArticle())).status).toBe(404);
    const flood = startFlood(base, LOAD_CONNECTIONS);
    const measured = flood.running.then(() => healthTimings(base, HEALTH_SAMPLES));
    // Whatever the measurement came to, the flood stops before the verdict.
    await measured.catch(() => undefined);
    const floodStatuses = await flood.stop();
    const timings = await measured;
    timings.sort((a, b) => a - b);
    const p99 = timings[Math.ceil(0.99 * timings.length) - 1] ?? Infinity;
    expect(Object.keys(floodStatuses)).toEqual(["404"]);
    expect(floodStatuses["404"]).toBeGreaterThan(HEALTH_SAMPLES);
    expect(
      p99,
      `health p99 ${p99.toFixed(1)} ms, median ${timings[timings.length >> 1]?.toFixed(1)} ms`,
    ).toBeLessThan(HEALTH_P99_MS);
  }, 180_000);
});
