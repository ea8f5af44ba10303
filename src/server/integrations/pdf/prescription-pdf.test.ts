import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { textOfPdf } from "../../testing/pdf-text";
import { glyphsDrawn, pdfFonts, pdfText } from "./poppler";
import { renderPrescriptionPdf, type PrescriptionPdfData } from "./prescription-pdf";

/** A 1×1 PNG: enough for pdfkit to embed an image. */
const SIGNATURE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const prescription: PrescriptionPdfData = {
  timeZone: "Asia/Kolkata",
  timeZoneLabel: "IST",
  doctor: {
    name: "Dr. Ananya Rao",
    qualifications: "MBBS, MD (Paediatrics), DM (Cardiology)",
    registrationNumber: "KMC-123456",
    council: "Karnataka Medical Council",
    address: "Bengaluru, Karnataka",
    email: "clinic@drrao.example",
    phone: "+91 80 4123 4567",
  },
  patient: {
    name: "आरव शर्मा",
    age: "6 years",
    sex: "Male",
    weightKg: 18.5,
    parent: { name: "Lakshmi Sharma", relationship: "Mother" },
  },
  bookingId: "AB12CD34",
  consultationAt: new Date("2026-11-23T13:30:00Z"),
  issuedAt: new Date("2026-11-23T14:05:00Z"),
  version: 2,
  replaces: { version: 1, issuedAt: new Date("2026-11-23T13:55:00Z") },
  diagnosis: "Small muscular VSD",
  medicines: [
    {
      genericName: "FUROSEMIDE",
      strength: "10 mg/ml",
      dose: "1 ml",
      frequency: "twice a day",
      duration: "5 days",
      instructions: "After food",
    },
    {
      genericName: "PARACETAMOL",
      strength: "250 mg/5 ml",
      dose: "5 ml",
      frequency: "when needed for fever",
      duration: "3 days",
      instructions: "",
    },
  ],
  investigations: "Echocardiogram in 3 months",
  advice: "Feed smaller amounts more often.\nCall if breathless at rest.",
  followUpDate: "2027-02-23",
  followUpBooking: null,
};

describe("the prescription PDF", () => {
  it("prints what the guidelines ask for: the doctor's registration, the patient, Teleconsultation, the medicines", async () => {
    const pdf = await renderPrescriptionPdf(prescription);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOfPdf(pdf);
    for (const expected of [
      "Dr. Ananya Rao",
      "MBBS, MD (Paediatrics), DM (Cardiology)",
      "Reg. No. KMC-123456, Karnataka Medical Council",
      "Bengaluru, Karnataka",
      "clinic@drrao.example",
      "Teleconsultation",
      "Date: 23 Nov 2026",
      "Age: 6 years · Sex: Male · Weight: 18.5 kg",
      "Parent or guardian: Lakshmi Sharma (Mother)",
      "Small muscular VSD",
      "1. FUROSEMIDE 10 mg/ml",
      "Dose: 1 ml · Frequency: twice a day · Duration: 5 days",
      "Instructions: After food",
      "2. PARACETAMOL 250 mg/5 ml",
      "Echocardiogram in 3 months",
      "Call if breathless at rest.",
      "Follow-up: Tuesday, 23 February 2027",
      "replaces version 1 issued on 23 Nov 2026, 7:25 PM IST",
    ])
      expect(text).toContain(expected);
    // The Devanagari name comes back out of the text layer: printed with the Devanagari font, not as empty boxes.
    expect(text).toMatch(/[\u0900-\u097F]/u);
  });

  it("says it was signed electronically when the profile has no signature image, and prints the image when it has", async () => {
    const unsigned = await textOfPdf(await renderPrescriptionPdf({ ...prescription, replaces: null }));
    expect(unsigned).toContain("Signed electronically by Dr. Ananya Rao on 23 Nov 2026, 7:35 PM IST");
    expect(unsigned).not.toContain("Corrected prescription");

    const signedPdf = await renderPrescriptionPdf({
      ...prescription,
      doctor: { ...prescription.doctor, signature: SIGNATURE_PNG },
    });
    expect(signedPdf.toString("latin1")).toMatch(/\/Subtype \/Image/);
    expect(await textOfPdf(signedPdf)).not.toContain("Signed electronically");
  });

  it("keeps each medicine on one page, names the patient on every later page, and numbers the pages", async () => {
    const medicines = Array.from({ length: 20 }, (_, index) => ({
      genericName: `MEDICINE${index + 1}`,
      strength: "10 mg",
      dose: `dose${index + 1}`,
      frequency: "twice a day",
      duration: "5 days",
      instructions: `instructions${index + 1} after food`,
    }));
    const document = await getDocumentProxy(
      new Uint8Array(await renderPrescriptionPdf({ ...prescription, medicines })),
    );
    const { text: pages } = await extractText(document, { mergePages: false });
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(page).toMatch(/\(continued\)/);
    });
    for (let number = 1; number <= 20; number += 1) {
      const holding = pages.filter((page) => page.includes(`MEDICINE${number} `));
      expect(holding, `medicine ${number}`).toHaveLength(1);
      expect(holding[0]).toContain(`dose${number} `);
      expect(holding[0]).toContain(`instructions${number} after food`);
    }
  });

  it("prints names, instructions and advice in Indian scripts as typed, each script in its own font, on every page", async () => {
    const medicines = Array.from({ length: 14 }, (_, index) => ({
      genericName: `MEDICINE${index + 1}`,
      strength: "10 mg",
      dose: "1 ml",
      frequency: "twice a day",
      duration: "5 days",
      instructions: ["ಊಟದ ನಂತರ", "খাবারের পরে সকালে ও রাতে", "భోజనం తర్వాత"][index % 3] ?? "",
    }));
    const pdf = await renderPrescriptionPdf({
      ...prescription,
      patient: {
        ...prescription.patient,
        name: "அருண் குமார்",
        parent: { name: "സുമിത്ര", relationship: "Mother" },
      },
      medicines,
      advice: "Feed smaller amounts more often.\nಉಸಿರಾಟದ ತೊಂದರೆ ಇದ್ದರೆ ಕರೆ ಮಾಡಿ.",
    });
    const text = await pdfText(pdf);
    const pages = text.split("\f").filter((page) => page.trim() !== "");
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain("Patient: அருண் குமார்\n");
    // Each later page names the patient, in Tamil, above its first line.
    for (const page of pages.slice(1))
      expect(page).toContain("அருண் குமார் · Prescription #AB12CD34, version 2 (continued)");
    expect(text).toContain("Parent or guardian: സുമിത്ര (Mother)");
    expect(text).toContain("Instructions: ಊಟದ ನಂತರ\n");
    expect(text).toContain("Instructions: খাবারের পরে সকালে ও রাতে\n");
    expect(text).toContain("Instructions: భోజనం తర్వాత\n");
    expect(text).toContain("Feed smaller amounts more often.\nಉಸಿರಾಟದ ತೊಂದರೆ ಇದ್ದರೆ ಕರೆ ಮಾಡಿ.");
    const fonts = (await pdfFonts(pdf)).map((font) => font.name.replace(/^[A-Z]{6}\+/, ""));
    for (const font of [
      "NotoSansTamil-Bold",
      "NotoSansTamil-Regular",
      "NotoSansMalayalam-Regular",
      "NotoSansKannada-Regular",
      "NotoSansBengali-Regular",
      "NotoSansTelugu-Regular",
    ])
      expect(fonts).toContain(font);
    expect(await glyphsDrawn(pdf)).toMatchObject({ notdef: 0 });
  });
});
