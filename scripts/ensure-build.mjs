// Builds only when dist/ is missing or older than the sources.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { builtFingerprint, root, sourceFingerprint } from "./build-state.mjs";

export function ensureBuild() {
  if (builtFingerprint() === sourceFingerprint()) return;
  console.log("Building the site (first start or sources changed)...");
  const result = spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
