import { ConfigError } from "../config";

/**
 * Ends a command that failed with one readable message. A settings problem is named as the command's, not as the
 * server's start-up refusal the same check gives the server.
 */
export function exitWith(command: string): (error: unknown) => never {
  return (error: unknown) => {
    if (error instanceof ConfigError)
      console.error(
        `\`${command}\` cannot run with these settings:\n${error.problems.map((problem) => `  - ${problem}`).join("\n")}`,
      );
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  };
}
