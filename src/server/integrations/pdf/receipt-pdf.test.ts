import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
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

async function textOf(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

describe("the fee receipt PDF", () => {
  it("holds the receipt number, the registration, the amounts, the refund and the net amount", async () => {
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOf(pdf);
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

  it("prints a Devanagari name with the Devanagari font, not as missing glyphs", async () => {
    const pdf = await renderReceiptPdf(receipt);
    // Both subsets are embedded; the name's characters come back out of the text layer.
    expect(pdf.toString("latin1")).toMatch(/NotoSansDevanagari/);
    const text = await textOf(pdf);
    expect(text).toMatch(/[\u0900-\u097F]/u);
  });
});
