import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Test files that assert how quickly something is answered or refused. */
const timingFiles = [
  "src/server/features/patients/export-streaming.api.test.ts",
  "src/server/features/site/article-not-found.api.test.ts",
];

export default defineConfig({
  root: fromRoot("./src/client"),
  publicDir: fromRoot("./src/client/public"),
  plugins: [react(), tailwindcss()],
  // Every script, preload and style tag Vite writes carries this (CSP_NONCE_PLACEHOLDER of src/shared/page-data.ts,
  // which the server checks the built page for); the server puts each response's nonce there.
  html: { cspNonce: "__clinic_csp_nonce__" },
  resolve: {
    alias: [
      { find: "@/", replacement: fromRoot("./src/client/") },
      { find: "@shared/", replacement: fromRoot("./src/shared/") },
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fromRoot("./src/client/lib/use-sync-external-store-shim.ts"),
      },
    ],
  },
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    // Every browser the site serves preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Lingui's React bindings and wouter create their contexts at the top of their modules, which the bundler
      // must otherwise assume to have effects: then it cannot merge the pieces the first page shares with the
      // booking dialog into the page's own chunk, and the first download became 20 files and 2.6 KB more (gzip).
      // Their top-level code only defines things.
      treeshake: { moduleSideEffects: (id) => !/node_modules[\\/](@lingui|wouter)[\\/]/.test(id) },
      // Everything the entry imports goes into the entry's chunk: left to itself the bundler split the first
      // download into eight files by which lazy chunks share them, and each file compressed on its own cost 2.6 KB
      // (gzip) of the 100 KB budget. The lazy chunks import what they share with the first page from it.
      output: { codeSplitting: { groups: [{ name: "first", tags: ["$initial"] }] } },
    },
  },
  test: {
    root: fromRoot("."),
    environment: "node",
    // `npm test` runs these beside the browser tests, which take a core: a suite that takes 10 s alone can take three
    // times as long then. A test that hangs still fails, a minute later.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One migrated database for every test database to start from (src/server/testing/global-setup.ts).
    globalSetup: [fromRoot("./src/server/testing/global-setup.ts")],
    projects: [
      {
        extends: true,
        test: {
          name: "suite",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          exclude: timingFiles,
          // One worker more than the cores: the suites are independent (each has its own database), and many wait on
          // timers, sockets and child processes, which left a core idle for much of a run with one worker per core
          // (2 cores: 2 min 55 s with two workers, 2 min 28 s with three). VITEST_WORKERS sets another number.
          maxWorkers: Number(process.env.VITEST_WORKERS ?? availableParallelism() + 1),
          // A worker keeps the modules it has loaded from one file to the next: importing the server afresh for
          // every file cost two minutes of the workers' time. Each suite still starts its own app and database.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "timing",
          include: timingFiles,
          // These measure how fast the server answers under their own load; another suite beside them would be
          // measured too. They run after the rest, one file at a time.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
