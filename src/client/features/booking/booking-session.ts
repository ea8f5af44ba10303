import type { CreatedAppointment, CreatedOrder } from "@shared/booking";
import type { BookingData, WizardStep } from "./booking-logic";
import { tabStorage } from "@/lib/session-drafts";
import { CONSENT_VERSIONS } from "@shared/consent";
import { DEFAULT_LANGUAGE, type Language } from "@shared/i18n/languages";

/**
 * The booking in progress, kept in this tab's sessionStorage, so that a reload, Back from the checkout page or
 * "Try Booking Again" after a declined payment comes back to it instead of to an empty form. Cleared when the
 * parent closes the dialog and once a payment is confirmed. Nothing here is a secret the page did not already hold.
 */
interface SavedBooking {
  step: WizardStep;
  data: BookingData;
  appointment?: CreatedAppointment | undefined;
  /** What the appointment was made from (`appointmentKey`), to tell whether the form still says the same. */
  createdFrom?: string | undefined;
  order?: CreatedOrder | undefined;
}

const KEY = "clinic.booking";

const STEP_NAMES: Record<WizardStep, string> = { 1: "details", 2: "slot", 3: "payment", 4: "confirmed" };

export function stepName(step: WizardStep): string {
  return STEP_NAMES[step];
}

export function stepFromName(name: string | null): WizardStep | undefined {
  const found = Object.entries(STEP_NAMES).find(([, value]) => value === name);
  return found ? (Number(found[0]) as WizardStep) : undefined;
}

// Storage refused (private modes, blocked cookies): the booking simply is not kept.
const storage = tabStorage;

export function saveBooking(booking: SavedBooking): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(booking));
  } catch {
    // A full or refused storage only loses the convenience.
  }
}

export function clearSavedBooking(): void {
  storage()?.removeItem(KEY);
}

const DISCARDED_KEY = "clinic.booking-discarded";

/**
 * The parent discarded the booking, and the browser goes back over its steps' entries. Entries made before a reload
 * belong to the page as it was, so going back to them loads the page again; if that lands on an entry that still
 * names a step, the new page must not open an empty booking there. This note tells it so, once.
 */
export function noteBookingDiscarded(): void {
  try {
    storage()?.setItem(DISCARDED_KEY, "1");
  } catch {
    // Without storage a page loaded there may open an empty form: the parent closes it.
  }
}

/** Whether the booking was just discarded (a page loaded at one of its steps then stays closed); forgets it. */
export function takeBookingDiscarded(): boolean {
  const discarded = storage()?.getItem(DISCARDED_KEY) === "1";
  storage()?.removeItem(DISCARDED_KEY);
  return discarded;
}

export function loadSavedBooking(): SavedBooking | undefined {
  const raw = storage()?.getItem(KEY);
  if (!raw) return undefined;
  try {
    const saved = JSON.parse(raw) as Partial<SavedBooking>;
    if (!saved.data || typeof saved.data !== "object" || !stepFromName(stepName(saved.step as WizardStep)))
      return undefined;
    return saved as SavedBooking;
  } catch {
    return undefined;
  }
}

/**
 * Where a saved booking resumes: the payment step while its hold lasts (the same appointment and order, its slot
 * still the parent's), else the slot step with the details kept; a booking not past the details stays there.
 */
export function resumeStep(saved: SavedBooking, now: Date): SavedBooking {
  // A free follow-up is confirmed when it is made: its confirmation stays.
  if (saved.step === 4 && saved.appointment?.status === "confirmed" && !saved.order) return saved;
  const step = saved.step === 4 ? 3 : saved.step;
  if (step < 3) return { ...saved, step };
  const holdLasts =
    saved.appointment !== undefined &&
    saved.order !== undefined &&
    Date.parse(saved.appointment.holdExpiresAt) > now.getTime();
  if (holdLasts) return { ...saved, step: 3 };
  return { step: 2, data: { ...saved.data, appointmentTime: "" } };
}

/**
 * A booking saved on a page in another language (the parent switched languages meanwhile), or before the wording
 * changed (a reload after "the consent wording has changed"), goes back to the details with the consent boxes empty:
 * they were ticked for a wording this page does not show, and a booking records the wording its page shows now.
 */
export function consentForLanguage(saved: SavedBooking, language: Language): SavedBooking {
  const ticked = saved.data.teleconsultationConsent === true || saved.data.privacyAcknowledged === true;
  const sameWording =
    (saved.data.language ?? DEFAULT_LANGUAGE) === language &&
    (saved.data.consentVersion ?? CONSENT_VERSIONS[DEFAULT_LANGUAGE]) === CONSENT_VERSIONS[language];
  if (!ticked || sameWording) return saved;
  return {
    step: 1,
    data: {
      ...saved.data,
      teleconsultationConsent: false,
      privacyAcknowledged: false,
      language,
      consentVersion: CONSENT_VERSIONS[language],
    },
  };
}

/** After a declined or cancelled payment the order is closed for good: the parent chooses a time again. */
export function forgetPayment(): void {
  const saved = loadSavedBooking();
  if (!saved) return;
  saveBooking({ step: 2, data: { ...saved.data, appointmentTime: "" } });
}
