/**
 * The teleconsultation consent and the privacy acknowledgement the parent agrees to before paying, as shown in the
 * booking dialog. This is the one file to change when the wording changes: give the new wording a new `version`
 * (the date it takes effect). Every booking stores which text it agreed to, word for word, so a consent given under
 * an older wording keeps pointing at that wording.
 */
export const CONSENT = {
  version: "2026-11-25",
  teleconsultation:
    "I agree to an online video consultation for the patient. I understand that the doctor cannot examine the patient in person, may advise an in-person visit or tests, and that in an emergency I should go to the nearest hospital instead.",
  privacy:
    "I have read the Privacy Notice and agree that the details above, including the patient's health information, are used for this consultation as it describes.",
} as const;

/** Who the adult booking for a child is to them; the consultation is with this adult present. */
export const GUARDIAN_RELATIONSHIPS = [
  "Mother",
  "Father",
  "Grandparent",
  "Legal guardian",
  "Other relative",
] as const;
export type GuardianRelationship = (typeof GUARDIAN_RELATIONSHIPS)[number];

/** India's age of majority: below it, a parent or guardian books and consents for the patient. */
export const ADULT_AGE = 18;
