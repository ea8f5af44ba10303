import { Worker } from "node:worker_threads";
import { CONTENT_NOT_RENDERED } from "@shared/articles";
import { HttpError } from "../../http/errors";
import type { RendererMessage } from "./markdown-worker";

/**
 * Article Markdown becomes sanitized HTML in a worker thread (./markdown-worker.ts holds marked and the sanitizer's
 * allow-list). Some inputs make marked work for many seconds ("*a " repeated) or overflow its stack (thousands of
 * ">"); on the main thread that would stop every request of the site, health checks included. Here the main thread
 * only waits for a message, renders run one at a time, and a render that takes too long has its thread terminated
 * and answers 422; the next render gets a fresh thread.
 */

/**
 * How long one render may take unless told otherwise (MARKDOWN_RENDER_LIMIT_MS), counted from when it is handed to
 * the worker (time in the queue does not count). Ordinary Markdown of the maximum length renders in under 100 ms, so
 * only pathological input comes near it; two seconds refuses such input quickly enough for a preview, and bounds how
 * long renders queued behind it wait.
 */
const RENDER_TIME_LIMIT_MS = 2_000;

/** How long a new worker may take to load marked and the sanitizer before the render fails as a server error. */
const WORKER_START_LIMIT_MS = 30_000;

/** A runaway render must not take the process's memory with it; far more than any article needs. */
const WORKER_HEAP_LIMIT_MB = 256;

/**
 * From the sources (tests, `npm run dev`) this module is markdown.ts beside markdown-worker.ts, and the worker
 * registers tsx itself before loading it: on Node 20 a worker's `--import tsx` does not apply to its own entry file.
 * In the build this module is bundled into dist/server/main.js, and scripts/build.mjs writes
 * dist/server/markdown-worker.js beside it.
 */
function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_LIMIT_MB } };
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./markdown-worker.js", import.meta.url), options);
  }
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const entry = JSON.stringify(new URL("./markdown-worker.ts", import.meta.url).href);
  return new Worker(`import(${tsx}).then((api) => { api.register(); return import(${entry}); });`, {
    ...options,
    eval: true,
  });
}

interface Job {
  markdown: string;
  timeLimitMs: number;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

/**
 * A worker left idle this long is stopped; the next render starts another. Articles are saved a few times a month,
 * and an idle thread with marked and the sanitizer loaded holds tens of megabytes (docs/performance.md).
 */
const WORKER_IDLE_LIMIT_MS = 15_000;

class MarkdownRenderer {
  #current: { worker: Worker; ready: Promise<void> } | undefined;
  #queue: Job[] = [];
  #busy = false;
  #idle: NodeJS.Timeout | undefined;

  render(markdown: string, timeLimitMs: number): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.#queue.push({ markdown, timeLimitMs, resolve, reject });
      this.#next();
    });
  }

  /** One render at a time; each job's time limit starts when it is handed to the worker, not when queued. */
  #next(): void {
    if (this.#busy) return;
    clearTimeout(this.#idle);
    const job = this.#queue.shift();
    if (!job) {
      const idleWorker = this.#current?.worker;
      if (idleWorker) {
        this.#idle = setTimeout(() => this.#discard(idleWorker), WORKER_IDLE_LIMIT_MS);
        this.#idle.unref();
      }
      return;
    }
    this.#busy = true;
    this.#run(job.markdown, job.timeLimitMs)
      .then(job.resolve, job.reject)
      .finally(() => {
        this.#busy = false;
        this.#next();
      });
  }

  /** The running worker, or a new one once it has loaded. A worker that fails to start is a server error. */
  async #readyWorker(): Promise<Worker> {
    const { worker, ready } = this.#current ?? this.#start();
    await ready;
    return worker;
  }

  #start(): { worker: Worker; ready: Promise<void> } {
    const worker = startWorker();
    // An idle renderer must not keep the process alive at shutdown.
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        clearTimeout(timer);
        this.#discard(worker);
        reject(error);
      };
      const timer = setTimeout(
        () => failed(new Error(`The Markdown renderer did not start within ${WORKER_START_LIMIT_MS} ms`)),
        WORKER_START_LIMIT_MS,
      );
      worker.once("message", (message: RendererMessage) => {
        clearTimeout(timer);
        if (message.type === "ready") resolve();
        else failed(new Error(`The Markdown renderer sent "${message.type}" before it was ready`));
      });
      // These stay for the worker's life: one that dies while idle is replaced at the next render, and without an
      // "error" listener its error would be thrown on the main thread.
      worker.on("error", (error) => failed(new Error("The Markdown renderer failed", { cause: error })));
      worker.on("exit", (code) => failed(new Error(`The Markdown renderer stopped with exit code ${code}`)));
    });
    // A worker started ahead of need may fail with nobody waiting; the render that next awaits it sees the error.
    ready.catch(() => undefined);
    this.#current = { worker, ready };
    return this.#current;
  }

  /** Stops the worker now if nothing is rendering or waiting, instead of after the idle time. */
  release(): void {
    if (this.#busy || this.#queue.length > 0 || !this.#current) return;
    clearTimeout(this.#idle);
    this.#discard(this.#current.worker);
  }

  /** Forgets a worker and terminates it; the next render starts a fresh one. */
  #discard(worker: Worker): void {
    if (this.#current?.worker === worker) this.#current = undefined;
    void worker.terminate();
  }

  /** After a render killed its worker, the next one is loaded at once: the doctor will likely try again. */
  #replace(worker: Worker): void {
    this.#discard(worker);
    this.#current ??= this.#start();
  }

  async #run(markdown: string, timeLimitMs: number): Promise<string> {
    const worker = await this.#readyWorker();
    return new Promise<string>((resolve, reject) => {
      const settle = (outcome: () => void, discard: boolean) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onDeath);
        worker.off("exit", onDeath);
        if (discard) this.#replace(worker);
        outcome();
      };
      const refuse = (message: string, discard: boolean) =>
        settle(() => reject(new HttpError(422, message)), discard);
      const onMessage = (message: RendererMessage) => {
        if (message.type === "rendered") settle(() => resolve(message.html), false);
        else if (message.type === "failed") {
          refuse(
            message.reason === "too-deep" ? CONTENT_NOT_RENDERED.tooDeep : CONTENT_NOT_RENDERED.failed,
            false,
          );
        }
      };
      // The thread died during this render: over its memory limit, or an error outside the render's own catch.
      const onDeath = () => refuse(CONTENT_NOT_RENDERED.tooComplex, true);
      // Terminating the thread stops marked wherever it is; the main thread was never blocked meanwhile.
      const timer = setTimeout(() => refuse(CONTENT_NOT_RENDERED.tooComplex, true), timeLimitMs);
      worker.on("message", onMessage);
      worker.on("error", onDeath);
      worker.on("exit", onDeath);
      worker.postMessage(markdown);
    });
  }
}

const renderer = new MarkdownRenderer();

/**
 * Markdown to sanitized HTML, safe to put into a page. Rejects with a 422 HttpError when the content cannot be
 * rendered within the time limit or at all, so that nothing is stored and the doctor is told to simplify it.
 */
export async function renderMarkdown(markdown: string, timeLimitMs = RENDER_TIME_LIMIT_MS): Promise<string> {
  return renderer.render(markdown, timeLimitMs);
}

/**
 * Lets the renderer's thread go at once after a batch that will not be followed by more (the sample articles of a
 * first start), rather than holding its memory for the idle time while the site takes its first visitors.
 */
export function releaseMarkdownRenderer(): void {
  renderer.release();
}
