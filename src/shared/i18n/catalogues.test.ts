import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Messages } from "@lingui/core";
import { messages as enMessages } from "./catalogues/en/messages";
import { messages as hiMessages } from "./catalogues/hi/messages";
import { messages as knMessages } from "./catalogues/kn/messages";
import { type Language, LANGUAGES } from "./languages";
import { SITE_MESSAGES } from "./site-messages";
import { CHUNK_MESSAGES } from "./chunk-messages";

/**
 * Each catalogue, compiled, in each language: the site's (every page), each chunk's, and the messages and
 * documents the server sends a parent.
 */
const COMPILED: Record<string, Record<Language, Messages>> = {
  site: SITE_MESSAGES,
  ...CHUNK_MESSAGES,
  messages: { en: enMessages, hi: hiMessages, kn: knMessages },
};

/**
 * Every message exists in every language, with the same placeholders ("{name}", a plural's argument, the markup
 * tags "<0>...</0>") as the English one: a translation that drops "{fee}" would show a price-less sentence, and one
 * that misses a key would show English in the middle of a Kannada page.
 */
/** A compiled message: text, or a list of text and arguments (["name"], ["days", "plural", {one, other}]). */
type Compiled = string | Part[];
type Part = string | [string, string?, Record<string, Compiled>?];

/** The argument names and markup tags a compiled message uses, sorted. */
function placeholdersOf(message: Compiled): string[] {
  const found = new Set<string>();
  const text = (value: string) => {
    for (const tag of value.matchAll(/<\/?(\d+)\/?>/g)) found.add(`<${tag[1]}>`);
  };
  const walk = (value: Compiled) => {
    if (typeof value === "string") return text(value);
    for (const part of value) {
      if (typeof part === "string") text(part);
      else {
        const [name, , forms] = part;
        found.add(`{${name}}`);
        for (const form of Object.values(forms ?? {})) walk(form);
      }
    }
  };
  walk(message);
  return [...found].sort();
}

const source = (language: string, catalogue: string) =>
  JSON.parse(
    readFileSync(new URL(`./catalogues/${language}/${catalogue}.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;

describe.each(Object.keys(COMPILED))("the %s message catalogue", (catalogue) => {
  const english = source("en", catalogue);
  const ids = Object.keys(english);
  const compiled = COMPILED[catalogue] ?? SITE_MESSAGES;

  it.each(LANGUAGES.filter((language) => language !== "en"))(
    "%s has every message of English and no other, none empty",
    (language) => {
      const translated = source(language, catalogue);
      expect(Object.keys(translated).filter((id) => !(id in english))).toEqual([]);
      expect(ids.filter((id) => !(id in translated))).toEqual([]);
      expect(ids.filter((id) => !translated[id]?.trim())).toEqual([]);
    },
  );

  it.each(LANGUAGES.filter((language) => language !== "en"))(
    "%s uses the same placeholders and tags as English in every message",
    (language) => {
      const differing = ids.filter(
        (id) =>
          JSON.stringify(placeholdersOf(compiled[language][id] as Compiled)) !==
          JSON.stringify(placeholdersOf(compiled.en[id] as Compiled)),
      );
      expect(differing).toEqual([]);
    },
  );

  it("writes Hindi in Devanagari and Kannada in Kannada script, never a letter of the other", () => {
    const otherScript = { hi: /[\u0C80-\u0CFF]/, kn: /[\u0900-\u097F]/ };
    for (const language of ["hi", "kn"] as const) {
      const translated = source(language, catalogue);
      expect(
        ids.filter((id) => otherScript[language].test(translated[id] ?? "")),
        language,
      ).toEqual([]);
    }
  });

  it("are compiled from the JSON as it is now", () => {
    // The compiled module is what the site serves: a catalogue edited without compiling would not be.
    for (const language of LANGUAGES)
      expect(Object.keys(compiled[language]).sort()).toEqual(Object.keys(source(language, catalogue)).sort());
  });
});

describe("the catalogues a page holds together", () => {
  it.each(LANGUAGES)("give an id the same text in every catalogue that has it, in %s", (language) => {
    // A page's translator holds the site's catalogue and the chunks it has loaded, one id each: a chunk's id that the
    // site's catalogue also has would change the other's words on every page after it (the header's, say).
    const catalogues = ["site", ...Object.keys(CHUNK_MESSAGES)].map((name) => source(language, name));
    const clashes: string[] = [];
    catalogues.forEach((one, index) => {
      for (const other of catalogues.slice(index + 1))
        for (const id of Object.keys(one)) if (id in other && other[id] !== one[id]) clashes.push(id);
    });
    expect(clashes).toEqual([]);
  });
});

describe("placeholders of compiled messages", () => {
  it("reads placeholders, plurals and tags out of compiled messages", () => {
    expect(placeholdersOf(SITE_MESSAGES.en["hero.fee"] as Compiled)).toEqual(["<0>", "{fee}"]);
    expect(placeholdersOf(SITE_MESSAGES.kn["followUp.offerPaid"] as Compiled)).toEqual(["{days}", "{fee}"]);
    expect(placeholdersOf(SITE_MESSAGES.hi["footer.registration"] as Compiled)).toEqual([
      "{council}",
      "{number}",
    ]);
    expect(placeholdersOf(["Book ", ["name"], " now"])).toEqual(["{name}"]);
    expect(placeholdersOf(["a ", ["n", "plural", { one: ["#", " <0>x</0>"], other: [["m"]] }]])).toEqual([
      "<0>",
      "{m}",
      "{n}",
    ]);
    expect(placeholdersOf("plain")).toEqual([]);
  });
});

describe("the booking form's messages", () => {
  it("has every message the shared schema gives the form in the booking catalogue", async () => {
    const { patientDetailsSchema } = await import("../booking");
    const english = source("en", "booking");
    // What the form sends: every text field as a string, empty or not.
    const wrongForms: Record<string, unknown>[] = [
      { patientName: "", patientEmail: "", patientPhone: "", reasonForConsultation: "" },
      {
        patientName: "12345",
        patientEmail: "not an e-mail",
        patientPhone: "1234567890",
        patientAge: 0,
        guardianName: "<b>",
        teleconsultationConsent: false,
        privacyAcknowledged: false,
        consentVersion: "old",
      },
      {
        patientName: "A".repeat(101),
        patientAge: 0,
        patientAgeMonths: 14,
        reasonForConsultation: "x".repeat(2001),
      },
      { patientName: "Asha <script>", patientAge: 200, guardianRelationship: "Neighbour" },
    ];
    const empty = { patientName: "", patientEmail: "", patientPhone: "", reasonForConsultation: "" };
    const messages = new Set(
      wrongForms
        .map((form) => ({ ...empty, ...form }))
        .flatMap(
          (form) => patientDetailsSchema.safeParse(form).error?.issues.map((issue) => issue.message) ?? [],
        ),
    );
    expect(messages.size).toBeGreaterThan(10);
    expect([...messages].filter((message) => !(message in english))).toEqual([]);
  });
});

describe("the contact form's messages", () => {
  it("has every message the shared schema gives the form in the site catalogue", async () => {
    const { contactMessageSchema } = await import("../contact");
    const english = source("en", "site");
    const wrongForms = [
      { name: "", email: "", phone: "", subject: "", message: "", source: "contact-page" },
      {
        name: "A".repeat(121),
        email: "nope",
        phone: "1234567890",
        subject: "S".repeat(201),
        message: "m".repeat(5001),
      },
    ];
    const messages = new Set(
      wrongForms.flatMap(
        (form) => contactMessageSchema.safeParse(form).error?.issues.map((issue) => issue.message) ?? [],
      ),
    );
    expect(messages.size).toBeGreaterThan(6);
    expect([...messages].filter((message) => !(message in english))).toEqual([]);
  });
});

describe("the error toasts a parent can see", () => {
  const english = source("en", "site");
  const samples: [string, string | undefined][] = [
    ...[
      "Failed to fetch",
      "timeout",
      "401",
      "403",
      "404",
      "duplicate",
      "invalid",
      "500",
      "payment",
      "slot",
    ].map((text): [string, undefined] => [text, undefined]),
    ...["booking", "payment", "payment_init", "contact", "something_else", undefined].map(
      (context): [string, string | undefined] => ["418: teapot", context],
    ),
  ];

  it.each(samples)(
    "%s (%s) reads the same in English from the catalogue as from the error mapper",
    async (text, context) => {
      const { mapError } = await import("../error-mapper");
      const friendly = mapError(new Error(text), context);
      expect(english[`error.${friendly.key}.title`]).toBe(friendly.title);
      expect(english[`error.${friendly.key}.message`]).toBe(friendly.message);
      if (friendly.action) expect(english[`error.action.${friendly.action}`]).toBe(friendly.action);
    },
  );
});

describe("a date without free times, as the booking dialog says it", () => {
  it.each(["past", "beyond_horizon", "leave", "day_off", "fully_booked"] as const)(
    "%s reads the same in English from the catalogue as from the server",
    async (reason) => {
      const { dayClosedMessage } = await import("../schedule");
      const english = source("en", "booking")[`slot.closed.${reason}`];
      expect(english?.replace("{days}", "60")).toBe(dayClosedMessage(reason, 60));
    },
  );
});

describe("the Refunds page's table", () => {
  it.each([
    ["the published policy", {}],
    ["another policy", { fullRefundHours: 48, partialRefundHours: 6, partialRefundPercent: 40 }],
  ])("reads the same in English from the legal catalogue as from %s", async (_name, change) => {
    const { DEFAULT_POLICY, policyRows } = await import("../cancellation-policy");
    const { translatorFor } = await import("./messages");
    const i18n = translatorFor("en", CHUNK_MESSAGES.legal.en);
    for (const row of policyRows({ ...DEFAULT_POLICY, ...change })) {
      expect(i18n._(row.words.when.id, row.words.when.values)).toBe(row.when);
      expect(i18n._(row.words.outcome.id, row.words.outcome.values)).toBe(row.outcome);
    }
  });
});
