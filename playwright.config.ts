import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs } from "./scripts/chromium.mjs";
import { seedDataDir } from "./scripts/e2e-seed.mjs";
import { E2E_ADMIN_PASSWORD } from "./e2e/support/admin";

/** The site under test: the production build started with `npm start`, on its own empty embedded database. */
const port = Number(process.env.E2E_PORT ?? 5180);
const dataDir = (process.env.E2E_DATA_DIR ??= join(tmpdir(), `clinic-e2e-${Date.now()}`));
seedDataDir(dataDir);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * Where the site loads the Jitsi IFrame API from in the browser tests. Nothing listens there: e2e/video.spec.ts
 * answers the request itself (page.route) with a stand-in external_api.js, so no real video service is reached.
 */
export const jitsiStandInScriptUrl = "http://127.0.0.1:5199/external_api.js";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  // On a slow day this 2-core machine, running two browsers and up to three sites at once, took more than
  // Playwright's default 5 s to hydrate the home page; a wait that passes returns as soon as it can.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // A camera and a microphone made up by the browser, for the video page's device check; a page uses them only
      // where its test grants the permission.
      args: [...chromiumArgs, "--use-fake-device-for-media-stream"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "npm start",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      // Absolute links (canonical, previews) come from this setting only, as in production.
      PUBLIC_BASE_URL: baseURL,
      // A coupon for the coupon journey; the price with it is the server's decision.
      COUPON_CODE: "HEART10",
      // Every browser test books from 127.0.0.1; the limit of 20 an hour per address is the API tests' to check.
      BOOKINGS_PER_HOUR_PER_ADDRESS: "1000",
      COUPON_FEE: "1500",
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Video rooms open for any upcoming booking (normally 60 minutes before), and the Jitsi script is the stand-in.
      VIDEO_ROOM_OPENS_MINUTES: "100000",
      JITSI_SCRIPT_URL: jitsiStandInScriptUrl,
    },
  },
});
