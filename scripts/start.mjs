// `npm start`: builds when dist/ is missing or older than the sources, then runs the server, which applies the
// database migrations before it listens.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { builtFingerprint, root, sourceFingerprint } from "./build-state.mjs";

if (builtFingerprint() !== sourceFingerprint()) {
  console.log("Building the site (first start or sources changed)...");
  const result = spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(join(root, "dist/server/main.js")).href);
