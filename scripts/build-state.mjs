// Shared by build.mjs and start.mjs: a fingerprint of everything the build is made from, so `npm start` knows
// whether dist/ is missing or stale.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const buildInfoPath = join(root, "dist", "build-info.json");
const inputs = ["src", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json"];

function* files(path) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield [path, stat];
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry === "node_modules" || entry.endsWith(".test.ts") || entry.endsWith(".test.tsx")) continue;
    // The compiled catalogues are written by every build; their source, the JSON beside them, is what counts.
    if (entry.endsWith(".ts") && existsSync(join(path, entry.replace(/\.ts$/, ".json")))) continue;
    yield* files(join(path, entry));
  }
}

export function sourceFingerprint() {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const [path, stat] of files(join(root, input))) {
      hash.update(`${relative(root, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest("hex");
}

export function builtFingerprint() {
  try {
    return JSON.parse(readFileSync(buildInfoPath, "utf8")).fingerprint;
  } catch {
    return undefined;
  }
}
