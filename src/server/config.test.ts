import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("starts with defaults on an empty environment: port 5000, embedded database in ./data, samples on", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      dataDir: "./data",
      databaseUrl: undefined,
      seedSampleContent: true,
    });
    expect(config.isProduction).toBe(false);
  });

  it("reads the documented variables", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://u@db:5432/clinic",
      SEED_SAMPLE_CONTENT: "false",
      PUBLIC_BASE_URL: "https://clinic.example/",
      NODE_ENV: "production",
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: "postgres://u@db:5432/clinic",
      seedSampleContent: false,
      publicBaseUrl: "https://clinic.example",
      isProduction: true,
    });
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it("refuses to start with a readable list of every problem", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "http",
        DATABASE_URL: "mysql://x",
        SEED_SAMPLE_CONTENT: "maybe",
        PUBLIC_BASE_URL: "clinic",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(4);
    expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    expect(message).toContain("SEED_SAMPLE_CONTENT: must be true or false");
    expect(message).toContain("PUBLIC_BASE_URL: must be a full URL");
    expect(message).toMatch(/PORT: /);
  });
});
