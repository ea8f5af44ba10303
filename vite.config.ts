import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
  },
  test: {
    root: fromRoot("."),
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
