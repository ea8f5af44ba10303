import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { boundaries } from "../eslint.boundaries.js";

/**
 * The layer rules of docs/architecture.md are ESLint rules (eslint.boundaries.js). Samples of each forbidden import,
 * linted as if they sat in the named file, must fail; the allowed direction must pass.
 */
const eslint = new ESLint({
  cwd: new URL("..", import.meta.url).pathname,
  overrideConfigFile: true,
  overrideConfig: [{ files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser } }, ...boundaries],
});

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).some((message) => message.ruleId === "no-restricted-imports");
}

describe("import boundaries", () => {
  it.each([
    ["src/server/db/example.ts", 'import { x } from "../features/articles/service";'],
    ["src/server/features/notifications/example.ts", 'import { x } from "../../jobs/hold-sweeper";'],
    ["src/server/integrations/payments/example.ts", 'import { x } from "../../http/page-head";'],
    ["src/server/features/articles/routes.ts", 'import { x } from "./repository";'],
    ["src/server/features/articles/repository.ts", 'import type { FastifyRequest } from "fastify";'],
    ["src/client/components/layout/example.tsx", 'import { x } from "@/features/booking/api";'],
    ["src/client/lib/example.ts", 'import { x } from "@/pages/home";'],
    ["src/client/features/booking/example.ts", 'import { x } from "../../../server/config";'],
    ["src/shared/example.ts", 'import { readFileSync } from "node:fs";'],
    ["src/server/core/appointments/example.ts", 'import { x } from "../../features/payments/service";'],
    ["src/server/core/outbox/example.ts", 'import { x } from "../../jobs/periodic";'],
    ["src/server/core/outbox/example.ts", 'import { x } from "../../app";'],
    ["src/server/features/patients/service.ts", 'import { x } from "../uploads/repository";'],
    ["src/server/features/patients/export.ts", 'import { x } from "../appointments/receipt";'],
  ])("refuses an upward or cross-side import in %s", async (filePath, code) => {
    expect(await restricted(filePath, code)).toBe(true);
  });

  it.each([
    ["src/server/features/articles/service.ts", 'import { x } from "./repository";'],
    ["src/server/features/articles/routes.ts", 'import { x } from "./service";'],
    ["src/server/jobs/example.ts", 'import { x } from "../features/payments/service";'],
    ["src/client/features/booking/example.ts", 'import { x } from "@/lib/api";'],
    ["src/client/pages/example.tsx", 'import { x } from "@/features/booking/api";'],
    ["src/shared/example.ts", 'import { z } from "zod";'],
    ["src/server/features/patients/service.ts", 'import { x } from "../uploads/service";'],
    ["src/server/features/patients/service.ts", 'import { x } from "../../core/appointments/repository";'],
    ["src/server/core/outbox/example.ts", 'import { x } from "../appointments/repository";'],
  ])("allows a downward import in %s", async (filePath, code) => {
    expect(await restricted(filePath, code)).toBe(false);
  });
});

const serverRoot = new URL("./server", import.meta.url).pathname;

/** "features/payments", "core/outbox": the unit of the server's graph a file belongs to, if any. */
function unitOf(file: string): string | undefined {
  const [layer, name] = relative(serverRoot, file).split("/");
  return (layer === "features" || layer === "core") && name && !name.endsWith(".ts")
    ? `${layer}/${name}`
    : undefined;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Which feature or core unit imports which, from the relative imports of every non-test source file. */
function serverGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of [
    ...sourceFiles(join(serverRoot, "features")),
    ...sourceFiles(join(serverRoot, "core")),
  ]) {
    const from = unitOf(file);
    if (!from) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(/from\s+"(\.[^"]+)"/g)) {
      const to = unitOf(resolve(dirname(file), specifier ?? ""));
      if (to && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each written "a -> b -> a". */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (unit: string) => {
    state.set(unit, "open");
    path.push(unit);
    for (const next of graph.get(unit) ?? []) {
      if (state.get(next) === "open") cycles.push([...path.slice(path.indexOf(next)), next].join(" -> "));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(unit, "done");
  };
  for (const unit of [...graph.keys()].sort()) if (!state.has(unit)) visit(unit);
  return cycles;
}

describe("the server's feature graph", () => {
  it("has no cycle among features and core", () => {
    const graph = serverGraph();
    expect(graph.size).toBeGreaterThan(15);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("has core import no feature", () => {
    const upward = [...serverGraph()]
      .filter(([from]) => from.startsWith("core/"))
      .flatMap(([from, targets]) =>
        [...targets].filter((to) => to.startsWith("features/")).map((to) => `${from} -> ${to}`),
      );
    expect(upward).toEqual([]);
  });

  it("finds and prints a cycle when there is one", () => {
    const graph = new Map([
      ["features/notifications", new Set(["features/payments"])],
      ["features/payments", new Set(["features/notifications", "core/outbox"])],
      ["core/outbox", new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([
      "features/notifications -> features/payments -> features/notifications",
    ]);
  });
});

function testFilesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return testFilesUnder(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("test files", () => {
  it("replace no module: a Vitest worker keeps its modules from one file to the next", () => {
    const srcRoot = new URL(".", import.meta.url).pathname;
    const testFiles = testFilesUnder(srcRoot);
    expect(testFiles.length).toBeGreaterThan(50);
    // Written in two pieces, so this file does not name itself.
    const replacing = new RegExp(String.raw`\bvi\.(?:` + "mock|doMock" + String.raw`)\s*\(`);
    const offenders = testFiles.filter((file) => replacing.test(readFileSync(file, "utf8")));
    expect(offenders.map((file) => relative(srcRoot, file))).toEqual([]);
  });
});
