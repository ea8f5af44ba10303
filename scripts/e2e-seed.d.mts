/** Creates the browser tests' migrated embedded-database folder and answers its path. */
export function makeMigratedSeed(): Promise<string>;
/** Fills an empty or missing data folder from the run's seed (E2E_SEED_DIR), when there is one. */
export function seedDataDir(dataDir: string): void;
