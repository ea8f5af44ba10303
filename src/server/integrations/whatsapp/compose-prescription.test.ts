import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { testAppointment, testSite } from "../../testing/message-fixtures";
import { useInSuite } from "../../testing/suite";
import { createTempDir } from "../../testing/temp-dir";
import { startWhatsAppStandIn, TEST_WHATSAPP_ACCOUNT } from "../../testing/whatsapp-stand-in";
import { writeToFileOutbox } from "../messaging/file-outbox";
import { TransportError } from "../messaging/types";
import { createWhatsAppTransport } from "./cloud-api-transport";
import { composePrescriptionWhatsApp } from "./compose-prescription";

const { token: TOKEN, phoneNumberId: PHONE_NUMBER_ID } = TEST_WHATSAPP_ACCOUNT;
const PDF = Buffer.from("%PDF-1.3\n% a prescription\n%%EOF\n");
const template = { name: "consultation_prescription", language: "en" };
const manageUrl = "https://drrao.example/appointments/manage/abc";

const firstVersion = {
  version: 1,
  replacesVersion: null,
  medicineCount: 1,
  filename: "prescription-ab12cd34-v1.pdf",
  pdf: PDF,
};

describe("the prescription on WhatsApp", () => {
  const meta = useInSuite(startWhatsAppStandIn);
  afterEach(() => {
    meta.requests.length = 0;
  });

  const transport = () =>
    createWhatsAppTransport({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, baseUrl: meta.baseUrl });

  it("is the prescription template with the PDF as its document, and says when it corrects a version", () => {
    const message = composePrescriptionWhatsApp(
      testAppointment({ manageUrl }),
      testSite,
      firstVersion,
      template,
    );
    expect(message).toMatchObject({
      to: "+919845012345",
      template: "consultation_prescription",
      language: "en",
      bodyParameters: [
        "Asha Kumar",
        "Dr. Priya Rao",
        "Sunday, 22 November 2026, 7:00 PM IST",
        "prescription",
        manageUrl,
      ],
      document: { filename: "prescription-ab12cd34-v1.pdf", contentType: "application/pdf" },
    });
    const correction = composePrescriptionWhatsApp(
      testAppointment({ manageUrl }),
      testSite,
      { ...firstVersion, version: 2, replacesVersion: 1 },
      template,
    );
    expect(correction.bodyParameters[3]).toBe("corrected prescription (version 2, replaces version 1)");
  });

  it("uploads the PDF to the media endpoint, then sends the template naming the uploaded media", async () => {
    const message = composePrescriptionWhatsApp(
      testAppointment({ manageUrl }),
      testSite,
      firstVersion,
      template,
    );
    const result = await transport().send(message);
    expect(result.providerMessageId).toMatch(/^wamid\./);
    const [upload, send] = meta.requests;
    expect(upload?.path).toBe(`/v25.0/${PHONE_NUMBER_ID}/media`);
    expect(upload?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(upload?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.status).toBe(200);
    expect(send?.path).toBe(`/v25.0/${PHONE_NUMBER_ID}/messages`);
    const body = send?.body as { template: { components: { type: string; parameters: unknown[] }[] } };
    const header = body.template.components[0];
    expect(header?.type).toBe("header");
    const document = (header?.parameters[0] as { document: { id: string; filename: string } }).document;
    expect(document.filename).toBe("prescription-ab12cd34-v1.pdf");
    expect(meta.media.get(document.id)).toEqual({
      type: "application/pdf",
      filename: "prescription-ab12cd34-v1.pdf",
      bytes: PDF,
    });
    expect(body.template.components[1]?.type).toBe("body");
  });

  it("sends nothing when the upload is refused, and says why", async () => {
    meta.failNext(400, {
      error: {
        message: "(#131053) Media upload error",
        type: "OAuthException",
        code: 131053,
        fbtrace_id: "x",
      },
    });
    const message = composePrescriptionWhatsApp(testAppointment(), testSite, firstVersion, template);
    const error = await transport()
      .send(message)
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toMatch(
      /^WhatsApp error 131053: \(#131053\) Media upload error/,
    );
    expect(meta.requests.map((request) => request.path.split("/").at(-1))).toEqual(["media"]);
  });
});

describe("the prescription in the file outbox", () => {
  const outbox = useInSuite(() => createTempDir("wa-outbox-"));

  it("keeps the PDF beside the JSON body, which names it where the media id would be", async () => {
    const message = composePrescriptionWhatsApp(testAppointment(), testSite, firstVersion, template);
    const path = await writeToFileOutbox(
      outbox.path,
      message,
      { kind: "prescription_v1", recipient: "patient", id: "row-9" },
      { now: new Date("2026-11-23T14:05:00Z") },
    );
    expect(path).toBe(join(outbox.path, "2026-11-23T14-05-00Z_prescription-v1_patient_whatsapp_row-9.json"));
    const body = JSON.parse(await readFile(path, "utf8")) as {
      template: { name: string; components: { type: string; parameters: { document?: object }[] }[] };
    };
    expect(body.template.name).toBe("consultation_prescription");
    expect(body.template.components[0]?.parameters[0]?.document).toEqual({
      id: "(uploaded when sent: 2026-11-23T14-05-00Z_prescription-v1_patient_whatsapp_row-9.pdf)",
      filename: "prescription-ab12cd34-v1.pdf",
    });
    expect(await readFile(path.replace(/\.json$/, ".pdf"))).toEqual(PDF);
  });
});
