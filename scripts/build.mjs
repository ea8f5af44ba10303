// Builds the browser app (Vite, into dist/client) and the server (esbuild, into dist/server/main.js).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";
import { buildInfoPath, root, sourceFingerprint } from "./build-state.mjs";

const fingerprint = sourceFingerprint();
const started = Date.now();

await viteBuild({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
await esbuild({
  entryPoints: {
    main: join(root, "src/server/main.ts"),
    "admin-password": join(root, "src/server/cli/admin-password.ts"),
  },
  outdir: join(root, "dist/server"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  tsconfig: join(root, "tsconfig.json"),
});

mkdirSync(join(root, "dist"), { recursive: true });
writeFileSync(buildInfoPath, JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }, null, 2));
console.log(`Built client and server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
