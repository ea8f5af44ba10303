import { describe, expect, it } from "vitest";
import { textOfPdf } from "../../testing/pdf-text";
import { SCRIPT_SAMPLES } from "../fonts/samples";
import { glyphsDrawn, pdfFonts, pdfText } from "./poppler";
import { renderReceiptPdf, type ReceiptData } from "./receipt-pdf";

const receipt: ReceiptData = {
  receiptNumber: "2026-27/000042",
  issuedAt: new Date("2026-11-21T10:00:00Z"),
  timeZone: "Asia/Kolkata",
  doctor: {
    name: "Dr. Ananya Rao",
    qualifications: "MBBS, DCH, CCT Paediatric Cardiology",
    registrationNumber: "KMC-123456",
    council: "Karnataka Medical Council",
  },
  clinic: {
    name: "Dr. Ananya Rao",
    address: "Bengaluru, Karnataka",
    email: "c@x.test",
    phone: "+91 80 1234 5678",
  },
  patientName: "आरव शर्मा",
  parentName: null,
  bookingId: "AB12CD34",
  consultation: {
    startsAt: new Date("2026-12-02T13:30:00Z"),
    durationMinutes: 20,
    description: "Online video consultation",
  },
  fee: 2500,
  couponCode: "CARE500",
  discount: 500,
  amountPaid: 2000,
  payment: { reference: "cf_987654", paidAt: new Date("2026-11-21T10:05:00Z"), method: "Cashfree" },
  refunds: [
    {
      amount: 1000,
      state: "succeeded",
      createdAt: new Date("2026-12-01T06:00:00Z"),
      reason: "Cancelled by the parent: 50% refund under the policy",
    },
  ],
};

describe("the fee receipt PDF", () => {
  it("holds the receipt number, the registration, the amounts, the refund and the net amount", async () => {
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOfPdf(pdf);
    expect(text).toContain("Fee Receipt");
    expect(text).toContain("2026-27/000042");
    expect(text).toContain("Reg. No. KMC-123456, Karnataka Medical Council");
    expect(text).toContain("AB12CD34");
    expect(text).toContain("CARE500");
    expect(text).toContain("₹2,500");
    expect(text).toContain("₹2,000");
    expect(text).toContain("₹1,000");
    expect(text).toContain("Net amount");
    expect(text).toContain("Wed, 2 Dec 2026, 7:00 PM IST");
  });

  it("prints the rupee sign and the minus sign of the discount, with no glyph missing", async () => {
    const pdf = await renderReceiptPdf({ ...receipt, patientName: "Asha Rao" });
    const text = await pdfText(pdf);
    expect(text).toContain("Coupon discount (coupon CARE500)");
    expect(text).toContain("\u2212₹500");
    expect(text).toContain("₹2,500");
    expect(await glyphsDrawn(pdf)).toMatchObject({ notdef: 0 });
    // An English receipt needs only the Latin cuts (the rupee sign is in the extended one): no script's font is read.
    for (const font of await pdfFonts(pdf))
      expect(font.name).toMatch(/^[A-Z]{6}\+NotoSansDevanagari-(Regular|Bold)$/);
  });

  it.each(SCRIPT_SAMPLES)(
    "prints a name in $script with its font embedded, and pdftotext reads it back as typed",
    async ({ text: name, font }) => {
      const pdf = await renderReceiptPdf({ ...receipt, patientName: name, parentName: name });
      const text = await pdfText(pdf);
      expect(text).toContain(`Patient: ${name}\n`);
      expect(text).toContain(`Parent or guardian: ${name}\n`);
      const fonts = await pdfFonts(pdf);
      expect(fonts).toContainEqual({
        name: expect.stringMatching(new RegExp(`^[A-Z]{6}\\+${font}-Regular$`)) as string,
        embedded: true,
        subset: true,
      });
      // The Latin text's faces and the script's: no other script's font is read for this receipt.
      for (const { name: embedded } of fonts)
        expect(embedded).toMatch(new RegExp(`\\+(NotoSansDevanagari|${font})-(Regular|Bold)$`));
      const glyphs = await glyphsDrawn(pdf);
      expect(glyphs.glyphs).toBeGreaterThan(100);
      expect(glyphs.notdef).toBe(0);
      // Subsetting keeps the file small: only the glyphs used are embedded.
      expect(pdf.length).toBeLessThan(40_000);
    },
  );
});
