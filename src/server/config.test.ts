import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

/** The error an environment is refused with; the test fails when it is accepted or something else is thrown. */
function refusalOf(env: Record<string, string>): ConfigError {
  let error: unknown;
  try {
    loadConfig(env);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

/** The problems an environment is refused for; none when it is accepted. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

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
    const { problems, message } = refusalOf({
      PORT: "http",
      DATABASE_URL: "mysql://x",
      SEED_SAMPLE_CONTENT: "maybe",
      PUBLIC_BASE_URL: "clinic",
    });
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
    expect(problemsOf({ COUPON_CODE: "X" })).toEqual(["COUPON_FEE: is required when COUPON_CODE is set"]);
    expect(problemsOf({ COUPON_CODE: "X", COUPON_FEE: "2000" })).toEqual([
      "COUPON_FEE: must be below CONSULTATION_FEE (2000)",
    ]);
    expect(problemsOf({ COUPON_CODE: "X", COUPON_FEE: "0" })).toEqual(["COUPON_FEE: must be at least 1"]);
    expect(problemsOf({ CLINIC_TIMEZONE: "Mars/Olympus" })).toEqual([
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
    const admin = { ADMIN_PASSWORD: "a-long-enough-password", PUBLIC_BASE_URL: "https://drrao.example" };
    expect(() => loadConfig({ NODE_ENV: "production", ...admin })).toThrow(
      /PAYMENT_PROVIDER: production needs CASHFREE_APP_ID/,
    );
    expect(
      loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "simulator", ...admin }).payments.provider,
    ).toBe("simulator");
  });

  it("refuses to start in production without the site's public address", () => {
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        PAYMENT_PROVIDER: "simulator",
        ADMIN_PASSWORD: "a-long-enough-password",
      }),
    ).toThrow(/PUBLIC_BASE_URL: production needs the site's public address/);
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

describe("loadConfig: messages (e-mail and WhatsApp)", () => {
  const production = {
    NODE_ENV: "production",
    PAYMENT_PROVIDER: "simulator",
    ADMIN_PASSWORD: "a-long-enough-password",
    PUBLIC_BASE_URL: "https://drrao.example",
  };

  it("leaves both channels unconfigured by default, with Meta's template defaults", () => {
    const { messaging } = loadConfig({});
    expect(messaging.email).toEqual({
      smtpUrl: undefined,
      from: '"Clinic" <no-reply@localhost>',
      doctorEmail: undefined,
    });
    expect(messaging.whatsapp).toMatchObject({
      token: undefined,
      phoneNumberId: undefined,
      graphVersion: "v25.0",
      baseUrl: undefined,
      doctorNumber: undefined,
      templates: {
        confirmation: { name: "appointment_confirmation", language: "en" },
        doctorConfirmation: { name: "doctor_new_appointment", language: "en" },
        reminder: { name: "appointment_reminder", language: "en" },
      },
    });
  });

  it("reads the message settings", () => {
    const { messaging } = loadConfig({
      SMTP_URL: "smtps://mailer:secret@smtp.example.com:465",
      MAIL_FROM: '"Dr. Rao" <appointments@drrao.example>',
      DOCTOR_EMAIL: "priya@drrao.example",
      WHATSAPP_TOKEN: "EAAG-token",
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_GRAPH_VERSION: "v26.0",
      WHATSAPP_API_BASE_URL: "http://127.0.0.1:4010",
      DOCTOR_WHATSAPP: "+91 98860 54321",
      WHATSAPP_TEMPLATE_CONFIRMATION: "booking_confirmed",
      WHATSAPP_TEMPLATE_DOCTOR: "new_booking",
      WHATSAPP_TEMPLATE_REMINDER: "booking_reminder",
      WHATSAPP_TEMPLATE_REFUND: "payment_refunded",
      WHATSAPP_TEMPLATE_RUNNING_LATE: "doctor_delayed",
      WHATSAPP_TEMPLATE_LANGUAGE: "en_US",
      WHATSAPP_TEMPLATE_TRANSLATIONS: " kn  hi",
    });
    expect(messaging.email).toEqual({
      smtpUrl: "smtps://mailer:secret@smtp.example.com:465",
      from: '"Dr. Rao" <appointments@drrao.example>',
      doctorEmail: "priya@drrao.example",
    });
    expect(messaging.whatsapp).toEqual({
      token: "EAAG-token",
      phoneNumberId: "106540352242922",
      graphVersion: "v26.0",
      baseUrl: "http://127.0.0.1:4010",
      doctorNumber: "+91 98860 54321",
      templates: {
        confirmation: { name: "booking_confirmed", language: "en_US" },
        doctorConfirmation: { name: "new_booking", language: "en_US" },
        reminder: { name: "booking_reminder", language: "en_US" },
        refund: { name: "payment_refunded", language: "en_US" },
        change: { name: "appointment_change", language: "en_US" },
        doctorChange: { name: "doctor_appointment_change", language: "en_US" },
        prescription: { name: "consultation_prescription", language: "en_US" },
        runningLate: { name: "doctor_delayed", language: "en_US" },
      },
      translatedTemplates: { hi: "hi", kn: "kn" },
    });
    expect(loadConfig({}).messaging.whatsapp.translatedTemplates).toEqual({});
  });

  it("refuses malformed message settings with readable reasons", () => {
    const { message } = refusalOf({
      SMTP_URL: "https://smtp.example.com",
      MAIL_FROM: "appointments",
      DOCTOR_EMAIL: "priya",
      WHATSAPP_TOKEN: "EAAG-token",
      WHATSAPP_PHONE_NUMBER_ID: "+91 98450 12345",
      WHATSAPP_GRAPH_VERSION: "25",
      DOCTOR_WHATSAPP: "12345",
      WHATSAPP_TEMPLATE_CONFIRMATION: "Appointment Confirmation",
      WHATSAPP_TEMPLATE_LANGUAGE: "English",
      WHATSAPP_TEMPLATE_TRANSLATIONS: "ta",
    });
    expect(message).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
    expect(message).toContain("MAIL_FROM: must be an address");
    expect(message).toContain("DOCTOR_EMAIL: must be an e-mail address");
    expect(message).toContain("WHATSAPP_PHONE_NUMBER_ID: must be the numeric phone number ID");
    expect(message).toContain("WHATSAPP_GRAPH_VERSION: must be a Graph API version such as v25.0");
    expect(message).toContain("DOCTOR_WHATSAPP: must be a phone number");
    expect(message).toContain("WHATSAPP_TEMPLATE_CONFIRMATION: must be a WhatsApp template name");
    expect(message).toContain("WHATSAPP_TEMPLATE_LANGUAGE: must be a template language code");
    expect(message).toContain("WHATSAPP_TEMPLATE_TRANSLATIONS: must list template languages approved");
  });

  it("needs MAIL_FROM in production when e-mail is sent", () => {
    const smtp = { SMTP_URL: "smtps://mailer:secret@smtp.example.com" };
    expect(() => loadConfig({ ...production, ...smtp })).toThrow(/MAIL_FROM: is required in production/);
    expect(loadConfig({ ...smtp }).messaging.email.from).toBe('"Clinic" <no-reply@localhost>');
    expect(
      loadConfig({ ...production, ...smtp, MAIL_FROM: "appointments@drrao.example" }).messaging.email.from,
    ).toBe("appointments@drrao.example");
    expect(loadConfig(production).messaging.email.smtpUrl).toBeUndefined();
  });

  it("needs the WhatsApp token and phone number id together", () => {
    expect(() => loadConfig({ WHATSAPP_TOKEN: "EAAG-token" })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: must be set together/,
    );
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: "106540352242922" })).toThrow(
      /WHATSAPP_TOKEN: must be set together/,
    );
  });
});

describe("loadConfig: video consultations", () => {
  const jaasAppId = "vpaas-magic-cookie-0123456789abcdef0123456789abcdef";
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const jaas = { JAAS_APP_ID: jaasAppId, JAAS_KEY_ID: `${jaasAppId}/4f4910`, JAAS_PRIVATE_KEY: privateKey };

  it("defaults to plain Jitsi on meet.jit.si, rooms opening 60 minutes before and closing 3 hours after", () => {
    expect(loadConfig({}).video).toEqual({
      service: "jitsi",
      domain: "meet.jit.si",
      jitsiToken: undefined,
      jaas: undefined,
      scriptUrl: undefined,
      opensMinutesBefore: 60,
      closesMinutesAfter: 180,
    });
  });

  it("uses a self-hosted Jitsi with tokens when the app id and secret are set, and needs both", () => {
    const video = loadConfig({
      JITSI_DOMAIN: " Meet.Clinic.Example ",
      JITSI_APP_ID: "clinic-site",
      JITSI_APP_SECRET: "shared-secret",
      VIDEO_ROOM_OPENS_MINUTES: "15",
    }).video;
    expect(video).toMatchObject({
      service: "jitsi-token",
      domain: "meet.clinic.example",
      jitsiToken: { appId: "clinic-site", appSecret: "shared-secret" },
      opensMinutesBefore: 15,
    });
    expect(problemsOf({ JITSI_APP_ID: "clinic-site" })).toEqual([
      "JITSI_APP_SECRET: must be set together with the other Jitsi token setting (JITSI_APP_ID and JITSI_APP_SECRET)",
    ]);
    expect(problemsOf({ JITSI_APP_SECRET: "shared-secret" })[0]).toMatch(
      /^JITSI_APP_ID: must be set together/,
    );
    expect(loadConfig({ JITSI_DOMAIN: "jitsi.local:8443" }).video.domain).toBe("jitsi.local:8443");
    expect(problemsOf({ JITSI_DOMAIN: "https://meet.example.com" })).toEqual([
      "JITSI_DOMAIN: must be a host name such as meet.example.com (no https://)",
    ]);
  });

  it("uses JaaS on 8x8.vc when its three settings are set, with \\n escapes in the key and a bare key id", () => {
    const video = loadConfig({ ...jaas, JAAS_PRIVATE_KEY: privateKey.replaceAll("\n", "\\n") }).video;
    expect(video).toMatchObject({
      service: "jaas",
      domain: "8x8.vc",
      jaas: { appId: jaasAppId, keyId: `${jaasAppId}/4f4910`, privateKey: privateKey.trim() },
    });
    expect(loadConfig({ ...jaas, JAAS_KEY_ID: "4f4910" }).video.jaas?.keyId).toBe(`${jaasAppId}/4f4910`);
  });

  it("needs all three JaaS settings, a real RSA key, and no second video service", () => {
    expect(problemsOf({ JAAS_APP_ID: jaasAppId })).toEqual([
      "JAAS_KEY_ID: is required with JaaS: set JAAS_APP_ID, JAAS_KEY_ID and JAAS_PRIVATE_KEY together",
      "JAAS_PRIVATE_KEY: is required with JaaS: set JAAS_APP_ID, JAAS_KEY_ID and JAAS_PRIVATE_KEY together",
    ]);
    expect(problemsOf({ ...jaas, JAAS_PRIVATE_KEY: "not a key" })).toEqual([
      "JAAS_PRIVATE_KEY: must be the PEM RSA private key downloaded from the JaaS console (-----BEGIN PRIVATE KEY----- ...)",
    ]);
    const ecKey = generateKeyPairSync("ec", {
      namedCurve: "P-256",
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    }).privateKey;
    expect(problemsOf({ ...jaas, JAAS_PRIVATE_KEY: ecKey })[0]).toMatch(
      /^JAAS_PRIVATE_KEY: must be the PEM RSA/,
    );
    expect(problemsOf({ ...jaas, JAAS_APP_ID: "my-app" })[0]).toMatch(
      /^JAAS_APP_ID: must be the JaaS App ID, which starts with vpaas-magic-cookie-/,
    );
    expect(problemsOf({ ...jaas, JAAS_KEY_ID: "vpaas-magic-cookie-other/4f4910" })).toEqual([
      "JAAS_KEY_ID: must belong to JAAS_APP_ID (the key id shown in the JaaS console starts with the App ID)",
    ]);
    expect(problemsOf({ ...jaas, JITSI_APP_ID: "a", JITSI_APP_SECRET: "b" })).toEqual([
      "JAAS_APP_ID: choose one video service: JaaS (JAAS_*) or a self-hosted Jitsi (JITSI_APP_*), not both",
    ]);
    expect(problemsOf({ ...jaas, JITSI_DOMAIN: "meet.example.com" })).toEqual([
      "JITSI_DOMAIN: must be unset with JaaS, which always runs on 8x8.vc",
    ]);
  });

  it("accepts a stand-in script address over https, or over http on a loopback address only", () => {
    expect(loadConfig({ JITSI_SCRIPT_URL: "http://127.0.0.2:5199/external_api.js" }).video.scriptUrl).toBe(
      "http://127.0.0.2:5199/external_api.js",
    );
    expect(loadConfig({ JITSI_SCRIPT_URL: "https://cdn.example/external_api.js" }).video.scriptUrl).toBe(
      "https://cdn.example/external_api.js",
    );
    expect(problemsOf({ JITSI_SCRIPT_URL: "http://cdn.example/external_api.js" })).toEqual([
      "JITSI_SCRIPT_URL: must use https (http is allowed only on localhost or 127.x.x.x)",
    ]);
    expect(problemsOf({ VIDEO_ROOM_OPENS_MINUTES: "-5" })[0]).toMatch(/^VIDEO_ROOM_OPENS_MINUTES: /);
  });
});

describe("TRUST_PROXY", () => {
  const problemsOf = (value: string): string[] => {
    try {
      loadConfig({ TRUST_PROXY: value });
      return [];
    } catch (error) {
      return error instanceof ConfigError ? error.problems : [String(error)];
    }
  };

  it("trusts no proxy by default, one hop for true, a count of hops, or the listed proxy addresses and ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(
      loadConfig({ TRUST_PROXY: " 10.0.0.2, 172.16.0.0/12 ,fd00::/8, ::1, loopback " }).trustProxy,
    ).toEqual({
      addresses: ["10.0.0.2", "172.16.0.0/12", "fd00::/8", "::1", "loopback"],
    });
  });

  it("refuses anything else with a message saying what it takes", () => {
    for (const value of [
      "maybe",
      "-1",
      "1.5",
      "11",
      "10.0.0.300",
      "10.0.0.0/33",
      "10.0.0.1,,10.0.0.2",
      "nginx",
    ]) {
      const problems = problemsOf(value);
      expect(problems, value).toHaveLength(1);
      expect(problems[0], value).toMatch(/^TRUST_PROXY: must be true, false, a number of proxies/);
    }
    expect(problemsOf("10.0.0.1, 10.0.0.300")[0]).toContain('"10.0.0.300" is not an IP address or range');
  });
});
