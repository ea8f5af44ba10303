import type { Config } from "../../config";

/**
 * The one time a generated admin password is shown: on the console, not in the structured logs, which may be
 * shipped elsewhere. Only its hash is kept.
 */
export function announceGeneratedPassword(config: Config, password: string): void {
  const address = `${config.publicBaseUrl ?? `http://localhost:${config.port}`}/`;
  process.stdout.write(
    [
      "",
      "============================================================",
      " Admin password created for this site (shown only once):",
      "",
      `     ${password}`,
      "",
      ` Log in at ${address} with the footer's "Admin Login" button.`,
      " Change it any time with: npm run admin:password",
      "============================================================",
      "",
    ].join("\n") + "\n",
  );
}
