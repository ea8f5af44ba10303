// ESLint flat config: type-aware TypeScript rules for server, client and tests; React hooks rules for the client.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { boundaries } from "./eslint.boundaries.js";

export default tseslint.config(
  {
    ignores: [
      "dist",
      "data",
      "drizzle",
      "node_modules",
      "test-results",
      "playwright-report",
      ".tmp",
      // Compiled from the JSON catalogues beside them (scripts/catalogues.mjs).
      "src/shared/i18n/catalogues/*/*.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js", "scripts/*.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...boundaries,
  {
    files: ["scripts/*.mjs", "*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
);
