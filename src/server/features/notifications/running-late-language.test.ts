import { describe, expect, it } from "vitest";
import { latinWordsIn } from "../../testing/latin-words";
import { testAppointment, testSite } from "../../testing/message-fixtures";
import { composeRunningLateEmail } from "./running-late-message";

describe.each(["hi", "kn"] as const)("the running-late e-mail to a booking made in %s", (language) => {
  it("is written in that language, with nothing in English but names and addresses", async () => {
    const email = await composeRunningLateEmail(testAppointment({ language }), testSite, 15);
    expect(email.html).toContain(`lang="${language}"`);
    expect(email.subject).toContain("15");
    const names = ["drrao.example", "Asha Kumar", "Dr. Priya Rao", "IST", "ab12cd34"];
    expect(latinWordsIn(`${email.subject}\n${email.text}`, names)).toEqual([]);
  });
});
