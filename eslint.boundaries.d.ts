import type { Linter } from "eslint";

/** The import boundaries of docs/architecture.md as ESLint configs (see eslint.boundaries.js). */
export declare const boundaries: Linter.Config[];
