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
  ])("allows a downward import in %s", async (filePath, code) => {
    expect(await restricted(filePath, code)).toBe(false);
  });
});
