// Builds the browser app (Vite, into dist/client), its server entry that renders the public pages (Vite SSR, into
// dist/ssr/entry-server.js), and the server (esbuild, into dist/server/main.js, with the Markdown renderer's worker
// thread beside it as dist/server/markdown-worker.js).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";
import { buildInfoPath, root, sourceFingerprint } from "./build-state.mjs";
import { compileCatalogues } from "./catalogues.mjs";

// The build is the production site whoever starts it: started by the tests (NODE_ENV=test) Vite would compile JSX
// for React's development runtime, which the production server's React does not have, and every page would fall
// back to being rendered in the browser.
process.env.NODE_ENV = "production";

const fingerprint = sourceFingerprint();
const started = Date.now();

compileCatalogues();

await viteBuild({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
await viteBuild({
  configFile: join(root, "vite.config.ts"),
  logLevel: "warn",
  build: {
    ssr: join(root, "src/client/entry-server.tsx"),
    outDir: join(root, "dist/ssr"),
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
  // The icons are bundled with the pages that use them: left external, the server loaded all of lucide-react's
  // 1,600 icons (about 40 MB of its memory on a start) for the dozen the pages draw; date-fns likewise.
  ssr: { noExternal: ["lucide-react", "date-fns"] },
});
/**
 * The server loads its dependencies from node_modules, except date-fns: its index loads each of its 250 functions
 * (about 10 MB of the server's memory), and the server uses a few, which the bundle keeps.
 */
function serverExternals() {
  const bundled = new Set(["date-fns"]);
  const { dependencies, devDependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return Object.keys({ ...dependencies, ...devDependencies })
    .filter((name) => !bundled.has(name))
    .flatMap((name) => [name, `${name}/*`]);
}

await esbuild({
  entryPoints: {
    main: join(root, "src/server/main.ts"),
    "admin-password": join(root, "src/server/cli/admin-password.ts"),
    backup: join(root, "src/server/cli/backup.ts"),
    restore: join(root, "src/server/cli/restore.ts"),
    // Loaded by the bundled markdown.ts as new URL("./markdown-worker.js", import.meta.url).
    "markdown-worker": join(root, "src/server/features/articles/markdown-worker.ts"),
    // Run by db/client.ts as a child process to create a new embedded database.
    "pglite-init": join(root, "src/server/db/pglite-init.ts"),
  },
  outdir: join(root, "dist/server"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: serverExternals(),
  sourcemap: true,
  logLevel: "warning",
  tsconfig: join(root, "tsconfig.json"),
});

mkdirSync(join(root, "dist"), { recursive: true });
writeFileSync(buildInfoPath, JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }, null, 2));
console.log(`Built client and server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
