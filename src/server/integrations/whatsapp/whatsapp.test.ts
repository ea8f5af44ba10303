import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sendOrError, testAppointment, testSite } from "../../testing/message-fixtures";
import type { AppointmentMessageData } from "../messaging/types";
import { useInSuite } from "../../testing/suite";
import { createTempDir } from "../../testing/temp-dir";
import { startWhatsAppStandIn, TEST_WHATSAPP_ACCOUNT } from "../../testing/whatsapp-stand-in";
import { writeToFileOutbox } from "../messaging/file-outbox";
import { TransportError } from "../messaging/types";
import { createWhatsAppTransport } from "./cloud-api-transport";
import {
  composeAppointmentWhatsApp,
  DEFAULT_WHATSAPP_TEMPLATES,
  patientNumber,
  toE164,
} from "./compose-whatsapp";

const { token: TOKEN, phoneNumberId: PHONE_NUMBER_ID } = TEST_WHATSAPP_ACCOUNT;

const site = testSite;

const appointment = testAppointment();

const templates = DEFAULT_WHATSAPP_TEMPLATES;

function metaErrorBody(code: number, message: string, details?: string) {
  return {
    error: {
      message,
      type: "OAuthException",
      code,
      ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
      fbtrace_id: "AbCdEfGhIjKl",
    },
  };
}

describe("WhatsApp Cloud API transport", () => {
  const meta = useInSuite(startWhatsAppStandIn);
  afterEach(() => {
    meta.requests.length = 0;
  });

  function transport(token = TOKEN) {
    return createWhatsAppTransport({ token, phoneNumberId: PHONE_NUMBER_ID, baseUrl: meta.baseUrl });
  }

  it("sends the patient's confirmation as an approved template and returns the WAMID", async () => {
    const message = composeAppointmentWhatsApp("confirmation", "patient", appointment, site, { templates });
    const result = await transport().send(message);

    expect(result.providerMessageId).toMatch(/^wamid\./);
    expect(meta.requests).toHaveLength(1);
    const request = meta.requests[0]!;
    expect(request.status).toBe(200);
    expect(request.path).toBe(`/v25.0/${PHONE_NUMBER_ID}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919845012345",
      type: "template",
      template: {
        name: "appointment_confirmation",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Asha Kumar" },
              { type: "text", text: "Sunday, 22 November 2026, 7:00 PM IST" },
              { type: "text", text: "#ab12cd34" },
              { type: "text", text: appointment.roomUrl },
              // {{5}}, the manage link; a message without one (a test message) repeats the video link.
              { type: "text", text: appointment.roomUrl },
            ],
          },
        ],
      },
    });
  });

  it("sends the doctor the patient's details and the host link; the reason is flattened and cut to 200", async () => {
    const longReason = `Breathless on climbing stairs.\n\nSweats while feeding.   ${"x".repeat(400)}`;
    const message = composeAppointmentWhatsApp(
      "confirmation",
      "doctor",
      { ...appointment, reasonForConsultation: longReason },
      site,
      { templates, doctorNumber: "98860 54321" },
    );
    await transport().send(message);

    const request = meta.requests[0]!;
    expect(request.status).toBe(200);
    const body = request.body as { to: string; template: { name: string; components: unknown[] } };
    expect(body.to).toBe("919886054321");
    expect(body.template.name).toBe("doctor_new_appointment");
    const [name, age, when, reason, link] = message.bodyParameters;
    expect([name, age, when, link]).toEqual([
      "Asha Kumar",
      "6 years",
      "Sunday, 22 November 2026, 7:00 PM IST",
      appointment.hostUrl,
    ]);
    expect(reason).toMatch(/^Breathless on climbing stairs\.; Sweats while feeding\. x+…$/);
    expect(reason).toHaveLength(200);

    // A baby's age is in months.
    const baby = composeAppointmentWhatsApp(
      "confirmation",
      "doctor",
      { ...appointment, patientAge: 0, patientAgeMonths: 5 },
      site,
      { templates, doctorNumber: "98860 54321" },
    );
    expect(baby.bodyParameters[1]).toBe("5 months");
  });

  it("uses the configured template names and language, and the profile's phone for the doctor by default", () => {
    const custom = {
      confirmation: { name: "booking_ok", language: "en_US" },
      doctorConfirmation: { name: "new_booking", language: "en_US" },
      reminder: { name: "see_you_soon", language: "hi" },
      refund: { name: "money_back", language: "en_US" },
      change: { name: "booking_changed", language: "en_US" },
      doctorChange: { name: "booking_changed_doctor", language: "en_US" },
    };
    const reminder = composeAppointmentWhatsApp("reminder_30m", "patient", appointment, site, {
      templates: custom,
    });
    expect(reminder).toEqual({
      to: "+919845012345",
      template: "see_you_soon",
      language: "hi",
      bodyParameters: ["Asha Kumar", "Sunday, 22 November 2026, 7:00 PM IST", appointment.roomUrl],
    });
    const doctor = composeAppointmentWhatsApp("confirmation", "doctor", appointment, site, {
      templates: custom,
    });
    expect(doctor.to).toBe("+918041234567");
    expect(doctor.template).toBe("new_booking");
  });

  it("tells the patient of a refunded payment: the slot taken, or the amount short, and the full amount back", () => {
    const refundMessage = (refund: NonNullable<AppointmentMessageData["refund"]>) =>
      composeAppointmentWhatsApp("refund", "patient", { ...appointment, refund }, site, { templates });
    const slotTaken = refundMessage({ reason: "slot_taken", amount: 2000, price: 2000 });
    expect(slotTaken).toEqual({
      to: "+919845012345",
      template: "booking_refund",
      language: "en",
      bodyParameters: [
        "Asha Kumar",
        "Sunday, 22 November 2026, 7:00 PM IST",
        "#ab12cd34",
        "the time was booked by another patient before your payment reached us",
        "₹2,000",
      ],
    });
    const underpaid = refundMessage({ reason: "underpaid", amount: 1000, price: 2000 });
    expect(underpaid.bodyParameters.slice(3)).toEqual([
      "the payment of ₹1,000 was less than the consultation fee of ₹2,000",
      "₹1,000",
    ]);
    expect(() => composeAppointmentWhatsApp("refund", "doctor", appointment, site, { templates })).toThrow(
      TransportError,
    );
  });

  it("refuses a doctor reminder: no template exists for it", () => {
    expect(() =>
      composeAppointmentWhatsApp("reminder_24h", "doctor", appointment, site, { templates }),
    ).toThrow(TransportError);
  });

  it("turns a wrong token into Meta's 190 error, permanent, without the token in the message", async () => {
    const message = composeAppointmentWhatsApp("reminder_24h", "patient", appointment, site, { templates });
    const error = await sendOrError(() => transport("EAAG-wrong-token-999").send(message));
    expect(meta.requests[0]?.status).toBe(401);
    expect(error.message).toMatch(/^WhatsApp error 190: Invalid OAuth access token/);
    expect(error.message).not.toContain("EAAG");
    expect(error.permanent).toBe(true);
  });

  it("reports Meta's error code, message and details, and which ones are worth a retry", async () => {
    const message = composeAppointmentWhatsApp("reminder_24h", "patient", appointment, site, { templates });
    const cases: [status: number, code: number, permanent: boolean][] = [
      [400, 131026, true],
      [404, 132001, true],
      [400, 132000, true],
      [400, 131009, true],
      [400, 100, true],
      [429, 130429, false],
      [400, 131056, false],
      [500, 131000, false],
      [503, 2, false],
    ];
    for (const [status, code, permanent] of cases) {
      meta.failNext(status, metaErrorBody(code, `(#${code}) Something about ${code}`, `Details of ${code}`));
      const error = await sendOrError(() => transport().send(message));
      expect(error.message).toBe(
        `WhatsApp error ${code}: (#${code}) Something about ${code} (Details of ${code})`,
      );
      expect({ code, permanent: error.permanent }).toEqual({ code, permanent });
    }
  });

  it("treats an answer that is not Meta's error body by its HTTP status", async () => {
    const message = composeAppointmentWhatsApp("reminder_24h", "patient", appointment, site, { templates });
    meta.failNext(502, "<html>Bad Gateway</html>");
    const gateway = await sendOrError(() => transport().send(message));
    expect(gateway.message).toContain("HTTP 502");
    expect(gateway.permanent).toBe(false);
  });

  it("is refused by the stand-in when the body breaks Meta's rules (a line break in a parameter)", async () => {
    const error = await sendOrError(() =>
      transport().send({
        to: "+919845012345",
        template: "x",
        language: "en",
        bodyParameters: ["two\nlines"],
      }),
    );
    expect(error.message).toMatch(/^WhatsApp error 100: .*new-line/);
    expect(error.permanent).toBe(true);
  });

  it("reports an unreachable API and a silent one as temporary", async () => {
    const silent: Server = createServer(() => {
      // Never answers: the transport's own time limit must end the wait.
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const message = composeAppointmentWhatsApp("reminder_24h", "patient", appointment, site, { templates });
    const slow = createWhatsAppTransport({
      token: TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 300,
    });
    const timeout = await sendOrError(() => slow.send(message));
    expect(timeout.message).toContain("no answer within 300 ms");
    expect(timeout.permanent).toBe(false);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));

    const down = createWhatsAppTransport({
      token: TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      baseUrl: `http://127.0.0.1:${port}`,
    });
    const unreachable = await sendOrError(() => down.send(message));
    expect(unreachable.message).toMatch(/^WhatsApp could not be reached/);
    expect(unreachable.message).not.toContain(TOKEN);
    expect(unreachable.permanent).toBe(false);
  });

  it("is configured only with both a token and a phone number id", () => {
    expect(createWhatsAppTransport({}).configured).toBe(false);
    expect(createWhatsAppTransport({ token: TOKEN }).configured).toBe(false);
    expect(createWhatsAppTransport({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID }).configured).toBe(true);
  });
});

/** The error a number is refused with; the test fails unless it is a TransportError marked permanent. */
function permanentRefusalOf(read: () => string): TransportError {
  let error: unknown;
  try {
    read();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(TransportError);
  expect((error as TransportError).permanent).toBe(true);
  return error as TransportError;
}

describe("phone numbers", () => {
  it("normalises the ways people write Indian numbers to E.164", () => {
    expect(toE164("+91 98450-12345")).toBe("+919845012345");
    expect(toE164("098450 12345")).toBe("+919845012345");
    expect(toE164("98450 12345")).toBe("+919845012345");
    expect(toE164("(+91) 98450 12345")).toBe("+919845012345");
  });

  it("keeps numbers from other countries", () => {
    expect(toE164("+44 7911 123456")).toBe("+447911123456");
    expect(toE164("07911 123456", "GB")).toBe("+447911123456");
  });

  it("refuses a number that cannot exist, permanently", () => {
    for (const bad of ["12345", "+91 98450", "not a number"]) {
      expect(permanentRefusalOf(() => toE164(bad)).message).toBe(
        `The phone number ${bad} is not a valid number`,
      );
    }
  });

  it("sends to a patient's mobile number however it was stored, and refuses a landline for good", () => {
    for (const stored of ["+919845012345", "98450-12345", "+44 7911 123456", "+1 415 555 2671"])
      expect(patientNumber(stored)).toBe(toE164(stored));
    // Rows stored before numbers were checked as mobile numbers: a made-up number reads as a landline.
    for (const landline of ["1234567890", "+91 80 4123 4567"]) {
      expect(permanentRefusalOf(() => patientNumber(landline)).message).toBe(
        `The phone number ${landline} is not a mobile number, so WhatsApp cannot reach it: ask the parent for their mobile number`,
      );
    }
  });
});

describe("file outbox for WhatsApp", () => {
  const outbox = useInSuite(() => createTempDir("outbox-wa-"));

  it("writes the JSON body the Cloud API would receive", async () => {
    const message = composeAppointmentWhatsApp("confirmation", "patient", appointment, site, { templates });
    const path = await writeToFileOutbox(
      outbox.path,
      message,
      { kind: "confirmation", recipient: "patient", id: "row-7" },
      { now: new Date("2026-11-21T09:15:30Z") },
    );
    expect(path).toBe(join(outbox.path, "2026-11-21T09-15-30Z_confirmation_patient_whatsapp_row-7.json"));
    const body = JSON.parse(await readFile(path, "utf8")) as { to: string; template: { name: string } };
    expect(body).toMatchObject({ messaging_product: "whatsapp", to: "919845012345", type: "template" });
    expect(body.template.name).toBe("appointment_confirmation");
  });
});
