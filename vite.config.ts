import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot("./src/client"),
  publicDir: fromRoot("./src/client/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@/": fromRoot("./src/client/"),
      "@server/": fromRoot("./src/server/"),
      "@shared/": fromRoot("./src/shared/"),
    },
  },
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
  },
  test: {
    root: fromRoot("."),
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
