import { describe, expect, it } from "vitest";
import { latinWordsIn } from "../../testing/latin-words";
import { testAppointment, testSite } from "../../testing/message-fixtures";
import { composeRunningLateEmail, composeRunningLateWhatsApp } from "./running-late-message";

describe.each(["hi", "kn"] as const)("the running-late e-mail to a booking made in %s", (language) => {
  it("is written in that language, with nothing in English but names and addresses", async () => {
    const email = await composeRunningLateEmail(testAppointment({ language }), testSite, 15);
    expect(email.html).toContain(`lang="${language}"`);
    expect(email.subject).toContain("15");
    const names = ["drrao.example", "Asha Kumar", "Dr. Priya Rao", "IST", "ab12cd34"];
    expect(latinWordsIn(`${email.subject}\n${email.text}`, names)).toEqual([]);
  });

  it("goes by WhatsApp in that language once Meta approved the template in it, else in English", () => {
    const template = { name: "appointment_running_late", language: "en" };
    const data = testAppointment({ language });
    const approved = composeRunningLateWhatsApp(data, 15, template, {
      translatedTemplates: { [language]: language },
    });
    expect(approved.language).toBe(language);
    expect(latinWordsIn(approved.bodyParameters.join("\n"), ["Asha Kumar", "IST"])).toEqual([]);
    const english = composeRunningLateWhatsApp(data, 15, template);
    expect(english.language).toBe("en");
    expect(english.bodyParameters[2]).toBe("7:00 PM IST");
  });
});
