/** A new PGlite with every migration in `migrationsFolder` applied, dumped as an uncompressed tar. */
export function migratedPgliteDump(migrationsFolder: string, postgresqlconf?: string[]): Promise<Blob>;
