// `npm run test:e2e`: builds the production site when needed, then runs the Playwright specs in Chromium against it.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { findChromium } from "./chromium.mjs";
import { root } from "./build-state.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { makeMigratedSeed } from "./e2e-seed.mjs";

const chromium = await findChromium({ headlessShell: true });
if (!chromium) {
  console.error(`No Chromium was found for the browser tests. Install one of these and run the tests again:
  - Debian or Ubuntu:  sudo apt-get install -y chromium-headless-shell (or chromium)
  - any system:        npx playwright install chromium
  - or point CHROMIUM_PATH at an installed Chrome or Chromium binary.`);
  process.exit(1);
}

const run = (args) =>
  spawnSync(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });

ensureBuild();
const seed = await makeMigratedSeed();
process.env.E2E_SEED_DIR = seed;
const playwright = run([
  join(root, "node_modules/@playwright/test/cli.js"),
  "test",
  ...process.argv.slice(2),
]);
rmSync(dirname(seed), { recursive: true, force: true });
process.exit(playwright.status ?? 1);
