export function compileCatalogues(): void;
