// The layers of docs/architecture.md ("What a file may touch"), kept by ESLint: an import that runs up a layer, or
// across the server/browser line, fails `npm run lint`. eslint.config.js applies these; a test lints samples with them.

/** One zone: the files it covers, and the imports those files may not make (with the reason ESLint prints). */
const zone = (files, patterns, ignores = []) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test.tsx", ...ignores],
  rules: { "no-restricted-imports": ["error", { patterns }] },
});

const fromClient = {
  group: ["**/server/**", "@server/*"],
  message: "The browser talks to the server over HTTP only.",
};
const fromServer = { group: ["@/*", "**/client/**"], message: "The server may not import browser code." };

/** From a feature's folder, "../<feature>/<file>" is another feature; only its service.ts is open to it. */
const otherFeatureInternals = {
  regex: String.raw`^\.\./[^./][^/]*/(?!service$)[^/]+$`,
  message: "A feature uses another only through its service.ts; shared pieces belong in core/.",
};

export const boundaries = [
  zone(
    ["src/shared/**/*.ts"],
    [
      fromClient,
      fromServer,
      {
        group: ["node:*", "fastify", "react", "react-dom", "drizzle-orm", "drizzle-orm/*"],
        message: "src/shared runs on both sides: zod and plain TypeScript only.",
      },
    ],
  ),
  zone(["src/client/**/*.{ts,tsx}"], [fromClient]),
  zone(
    ["src/client/components/**/*.{ts,tsx}", "src/client/lib/**/*.{ts,tsx}"],
    [
      fromClient,
      {
        group: ["@/features/*", "@/pages/*", "**/features/**", "**/pages/**"],
        message: "components/ and lib/ sit below features/ and pages/.",
      },
    ],
  ),
  zone(
    ["src/client/features/**/*.{ts,tsx}"],
    [fromClient, { group: ["@/pages/*", "**/pages/**"], message: "features/ sit below pages/." }],
  ),
  zone(["src/server/**/*.ts"], [fromServer], ["src/server/testing/**"]),
  zone(
    ["src/server/db/**/*.ts", "src/server/config.ts", "src/server/paths.ts"],
    [
      fromServer,
      {
        group: ["**/features/**", "**/integrations/**", "**/http/**", "**/jobs/**", "**/app", "fastify"],
        message:
          "db/ and config sit at the bottom of the server: they import no feature, integration or HTTP code.",
      },
    ],
  ),
  zone(
    ["src/server/http/**/*.ts"],
    [
      fromServer,
      { group: ["**/features/**", "**/jobs/**", "**/app"], message: "http/ sits below features/." },
    ],
  ),
  zone(
    ["src/server/integrations/**/*.{ts,tsx}"],
    [
      fromServer,
      {
        group: ["**/features/**", "**/jobs/**", "**/app", "**/http/**"],
        message:
          "integrations/ talk to outside services and sit below features/; pages and routes belong above.",
      },
    ],
  ),
  zone(
    ["src/server/core/**/*.ts"],
    [
      fromServer,
      {
        group: ["**/features/**", "**/jobs/**", "**/app", "**/main"],
        message: "core/ sits below features/: the features use it, never the other way round.",
      },
    ],
  ),
  zone(
    ["src/server/features/**/*.ts"],
    [
      fromServer,
      { group: ["**/jobs/**", "**/app", "**/main"], message: "features/ sit below the app, main and jobs/." },
      otherFeatureInternals,
    ],
  ),
  zone(
    ["src/server/features/*/routes.ts", "src/server/features/*/*-routes.ts"],
    [
      fromServer,
      { group: ["**/jobs/**", "**/app", "**/main"], message: "features/ sit below the app, main and jobs/." },
      otherFeatureInternals,
      {
        group: ["drizzle-orm", "drizzle-orm/*", "**/db/schema", "**/repository"],
        message: "Routes call their service; queries live in repository.ts.",
      },
    ],
  ),
  zone(
    ["src/server/features/*/repository.ts"],
    [
      fromServer,
      { group: ["**/jobs/**", "**/app", "**/main"], message: "features/ sit below the app, main and jobs/." },
      otherFeatureInternals,
      { group: ["fastify", "**/http/**"], message: "A repository holds queries only; nothing of HTTP." },
    ],
  ),
];
