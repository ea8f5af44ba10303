// `npm test`: every test, in the least time this machine allows. The unit and API tests and the browser tests run side
// by side, then the suites that time the server's answers run alone (another suite beside them would be timed too).
// Either half alone leaves a core idle for much of its run (the API suites wait on timers and child processes, the
// browser tests on pages), so side by side they take about the time of the longer one instead of the sum.
// `npm run test:unit` and `npm run test:e2e` still run one half each.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { root } from "./build-state.mjs";
import { ensureBuild } from "./ensure-build.mjs";

const vitest = join(root, "node_modules/vitest/vitest.mjs");
const colours = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};

/** The parts running now: a stop asked of `npm test` (Ctrl-C, a CI time limit) is passed on to them. */
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exitCode = 1;
  });
}

/** Colour codes, taken out before a line is matched. */
const ansi = new RegExp(String.raw`\x1b\[[0-9;]*m`, "g");
/**
 * The lines that name a failed test: Playwright's list reporter marks one with ✘, Vitest with × or FAIL. They are
 * printed again under the summary, since a CI log may keep only the end of a long run.
 */
const failedTestLine = /^\s*(✘|×|FAIL\s)/;
const failuresKept = 30;

/** Runs one part, each line of its output led by its name so the two parts side by side can be told apart. */
function runPart(name, args, env = {}) {
  const started = Date.now();
  const failures = [];
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...colours, ...env } });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      process.stdout.write(`[${name}] ${line}\n`);
      const plain = line.replace(ansi, "");
      if (failedTestLine.test(plain) && failures.length < failuresKept) failures.push(plain.trim());
    });
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve({ name, ok: code === 0, code: code ?? signal, ms: Date.now() - started, failures });
    });
  });
}

// One build before both parts: the browser tests and several API suites serve it.
ensureBuild();
const sideBySide = await Promise.all([
  // One worker per core beside the browser tests (alone, the suites take one more: vite.config.ts).
  runPart("unit", [vitest, "run", "--project", "suite"], {
    VITEST_WORKERS: process.env.VITEST_WORKERS ?? String(availableParallelism()),
  }),
  runPart("browser", [join(root, "scripts/e2e.mjs")]),
]);
// Stopped meanwhile: nothing more is started.
if (process.exitCode) process.exit(process.exitCode);
const timing = await runPart("timing", [vitest, "run", "--project", "timing"]);

const results = [...sideBySide, timing];
console.log("");
for (const { name, ok, code, ms, failures } of results) {
  console.log(`${ok ? "passed" : `FAILED (${code})`}  ${name} tests, ${(ms / 1000).toFixed(0)} s`);
  for (const failure of failures) console.log(`    ${failure}`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
