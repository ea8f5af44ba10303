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
      PAYMENT_PROVIDER: "simulator",
      ADMIN_PASSWORD: "a-long-enough-password",
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

  it("has the booking defaults of the design", () => {
    expect(loadConfig({}).booking).toEqual({
      fee: 2000,
      couponCode: undefined,
      couponFee: undefined,
      timeZone: "Asia/Kolkata",
      holdMinutes: 15,
      minNoticeMinutes: 30,
      horizonDays: 60,
      sweepSeconds: 60,
      bookingsPerHourPerAddress: 20,
      reminderMinutesBefore: [1440, 30],
      outboxPollSeconds: 5,
    });
    expect(loadConfig({}).payments.provider).toBe("simulator");
  });

  it("upper-cases the coupon code and checks the coupon fee against the fee", () => {
    expect(loadConfig({ COUPON_CODE: " heart10 ", COUPON_FEE: "1500" }).booking).toMatchObject({
      couponCode: "HEART10",
      couponFee: 1500,
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ COUPON_CODE: "X" })).toEqual(["COUPON_FEE: is required when COUPON_CODE is set"]);
    expect(problems({ COUPON_CODE: "X", COUPON_FEE: "2000" })).toEqual([
      "COUPON_FEE: must be below CONSULTATION_FEE (2000)",
    ]);
    expect(problems({ COUPON_CODE: "X", COUPON_FEE: "0" })).toEqual(["COUPON_FEE: must be at least 1"]);
    expect(problems({ CLINIC_TIMEZONE: "Mars/Olympus" })).toEqual([
      "CLINIC_TIMEZONE: must be an IANA time zone such as Asia/Kolkata",
    ]);
  });

  it("chooses Cashfree when its keys are set, and insists on what Cashfree needs", () => {
    const cashfree = loadConfig({
      CASHFREE_APP_ID: "TEST123",
      CASHFREE_SECRET_KEY: "cfsk_ma_test_x",
      PUBLIC_BASE_URL: "https://clinic.example",
    });
    expect(cashfree.payments).toMatchObject({
      provider: "cashfree",
      cashfree: { environment: "sandbox", appId: "TEST123" },
    });
    expect(() => loadConfig({ CASHFREE_APP_ID: "TEST123" })).toThrow(
      /CASHFREE_SECRET_KEY: must be set together/,
    );
    expect(() => loadConfig({ CASHFREE_APP_ID: "A", CASHFREE_SECRET_KEY: "B" })).toThrow(
      /PUBLIC_BASE_URL: is required with Cashfree/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: "cashfree", PUBLIC_BASE_URL: "https://c.example" })).toThrow(
      /cashfree needs CASHFREE_APP_ID and CASHFREE_SECRET_KEY/,
    );
  });

  it("refuses the payment simulator in production unless it is asked for by name", () => {
    const admin = { ADMIN_PASSWORD: "a-long-enough-password" };
    expect(() => loadConfig({ NODE_ENV: "production", ...admin })).toThrow(
      /PAYMENT_PROVIDER: production needs CASHFREE_APP_ID/,
    );
    expect(
      loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "simulator", ...admin }).payments.provider,
    ).toBe("simulator");
  });

  it("refuses to start in production without an admin password", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "simulator" })).toThrow(
      /ADMIN_PASSWORD_HASH: production needs ADMIN_PASSWORD_HASH/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD: must be at least 12 characters/,
    );
  });
});
