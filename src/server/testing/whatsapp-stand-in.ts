import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { flatHeaders, listenOnLoopback, readBody } from "./loopback-server";

/**
 * A loopback stand-in for Meta's WhatsApp Cloud API for tests: POST /{version}/{phone-number-id}/messages (template
 * messages, with a DOCUMENT header naming an uploaded media id) and POST /{version}/{phone-number-id}/media (a
 * multipart upload of messaging_product, type and file, answered with the media's id). Real HTTP, the documented
 * request shapes, Meta's success and error bodies, as Meta's Cloud API reference describes them
 * (developers.facebook.com/docs/whatsapp/cloud-api, reference/messages and reference/media).
 */
export interface WhatsAppStandInOptions {
  token: string;
  phoneNumberId: string;
}

export interface WhatsAppStandInRequest {
  method: string;
  path: string;
  /** Lower-case names, as Node delivers them. */
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text when it was not JSON. */
  body: unknown;
  status?: number;
}

/** A file uploaded to the media endpoint. */
export interface UploadedMedia {
  /** The `type` field: the file's MIME type. */
  type: string;
  filename: string;
  bytes: Buffer;
}

export interface WhatsAppStandIn {
  /** http://127.0.0.1:PORT, to be used as the transport's baseUrl. */
  baseUrl: string;
  /** The access token and phone number id it accepts. */
  account: WhatsAppStandInOptions;
  requests: WhatsAppStandInRequest[];
  /** Uploaded files by media id. */
  media: Map<string, UploadedMedia>;
  /** The next request is answered `status` with `body` (JSON unless a string), before any check. */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };

/** The business account the tests send WhatsApp messages from. */
export const TEST_WHATSAPP_ACCOUNT: WhatsAppStandInOptions = {
  token: "EAAG-test-token-0123456789",
  phoneNumberId: "106540352242922",
};

export async function startWhatsAppStandIn(
  options: WhatsAppStandInOptions = TEST_WHATSAPP_ACCOUNT,
): Promise<WhatsAppStandIn> {
  const requests: WhatsAppStandInRequest[] = [];
  const failures: Answer[] = [];
  const media = new Map<string, UploadedMedia>();

  const server = await listenOnLoopback((request, response) => {
    void readBody(request).then(async (rawBody) => {
      const headers = flatHeaders(request);
      const form = await multipartForm(headers["content-type"], rawBody);
      const entry: WhatsAppStandInRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers,
        body: form ? formSummary(form) : parseJson(rawBody.toString("utf8")),
      };
      requests.push(entry);
      const answer = failures.shift() ?? (await handle(entry, form, options, media));
      entry.status = answer.status;
      reply(response, answer);
    });
  });

  return {
    baseUrl: server.url,
    account: options,
    requests,
    media,
    failNext: (status, body) => failures.push({ status, body }),
    close: server.close,
  };
}

async function handle(
  request: WhatsAppStandInRequest,
  form: FormData | undefined,
  options: WhatsAppStandInOptions,
  media: Map<string, UploadedMedia>,
): Promise<Answer> {
  const match = /^\/(v\d+\.\d+)\/([^/?]+)\/(messages|media)$/.exec(request.path.split("?")[0] ?? "");
  if (request.method !== "POST" || !match) {
    return metaError(400, 100, "Unsupported post request.", "GraphMethodException");
  }
  if (request.headers.authorization !== `Bearer ${options.token}`) {
    return metaError(401, 190, "Invalid OAuth access token - Cannot parse access token", "OAuthException");
  }
  if (decodeURIComponent(match[2] ?? "") !== options.phoneNumberId) {
    return metaError(
      400,
      100,
      `Unsupported post request. Object with ID '${match[2]}' does not exist`,
      "GraphMethodException",
    );
  }
  if (match[3] === "media") return upload(form, media);
  const problem = shapeProblem(request.body, media);
  if (problem) return metaError(400, 100, "(#100) Invalid parameter", "OAuthException", problem);
  const to = (request.body as { to: string }).to;
  return {
    status: 200,
    body: {
      messaging_product: "whatsapp",
      contacts: [{ input: to, wa_id: to.replace(/\D/g, "") }],
      messages: [{ id: `wamid.${randomBytes(24).toString("base64url")}` }],
    },
  };
}

/** Document types Meta accepts (the common ones), and its limit for documents (100 MB). */
const DOCUMENT_TYPES = new Set([
  "application/pdf",
  "text/plain",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
]);
const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;

/** POST /{phone-number-id}/media: multipart with messaging_product=whatsapp, type, and the file; answers {id}. */
async function upload(form: FormData | undefined, media: Map<string, UploadedMedia>): Promise<Answer> {
  const invalid = (details: string) =>
    metaError(400, 100, "(#100) Invalid parameter", "OAuthException", details);
  if (!form) return invalid("The upload must be multipart/form-data");
  if (form.get("messaging_product") !== "whatsapp")
    return invalid("Parameter messaging_product is required and must be whatsapp");
  const type = form.get("type");
  const file = form.get("file");
  if (typeof type !== "string" || type === "") return invalid("Parameter type is required");
  if (!(file instanceof File)) return invalid("Parameter file is required");
  if (!DOCUMENT_TYPES.has(type)) return invalid("Param file must be a file with one of the supported types");
  if (file.size === 0 || file.size > DOCUMENT_MAX_BYTES) return invalid("The file is empty or too large");
  // Meta's media ids are long decimal numbers.
  const id = BigInt(`0x${randomBytes(7).toString("hex")}`).toString();
  media.set(id, { type, filename: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
  return { status: 200, body: { id } };
}

/** What Meta's documented template request needs; the first thing missing, in Meta's `details` style. */
function shapeProblem(body: unknown, media: Map<string, UploadedMedia>): string | undefined {
  if (!isRecord(body)) return "The request body must be JSON";
  if (body.messaging_product !== "whatsapp")
    return "Parameter messaging_product is required and must be whatsapp";
  if (body.recipient_type !== undefined && body.recipient_type !== "individual") {
    return "Parameter recipient_type must be individual";
  }
  if (typeof body.to !== "string" || !/^\+?\d{8,15}$/.test(body.to)) {
    return "Parameter to must be a phone number with its country code";
  }
  if (body.type !== "template") return "This stand-in accepts only type template";
  const template = body.template;
  if (!isRecord(template)) return "Parameter template is required";
  if (typeof template.name !== "string" || template.name === "") return "Parameter template.name is required";
  if (!isRecord(template.language) || typeof template.language.code !== "string") {
    return "Parameter template.language.code is required";
  }
  return componentsProblem(template.components, media);
}

function componentsProblem(components: unknown, media: Map<string, UploadedMedia>): string | undefined {
  if (components === undefined) return undefined;
  if (!Array.isArray(components)) return "Parameter template.components must be an array";
  for (const component of components as unknown[]) {
    if (!isRecord(component) || typeof component.type !== "string") {
      return "Each component needs a type";
    }
    if (!Array.isArray(component.parameters)) return "Each component needs parameters";
    if (component.type === "header") {
      const problem = headerProblem(component.parameters as unknown[], media);
      if (problem) return problem;
      continue;
    }
    for (const parameter of component.parameters as unknown[]) {
      if (!isRecord(parameter) || parameter.type !== "text" || typeof parameter.text !== "string") {
        return "Each parameter must be {type: text, text}";
      }
      if (parameter.text === "" || /[\n\t]| {5,}/.test(parameter.text)) {
        return "Param text cannot be empty or have new-line/tab characters or more than 4 consecutive spaces";
      }
    }
  }
  return undefined;
}

/** A DOCUMENT header: one parameter {type: document, document: {id of an uploaded file, or an https link, filename?}}. */
function headerProblem(parameters: unknown[], media: Map<string, UploadedMedia>): string | undefined {
  const [parameter] = parameters;
  if (parameters.length !== 1 || !isRecord(parameter)) return "A header takes one parameter";
  if (parameter.type !== "document" || !isRecord(parameter.document))
    return "This stand-in accepts only document headers: {type: document, document: {...}}";
  const { id, link, filename } = parameter.document;
  if (filename !== undefined && typeof filename !== "string")
    return "Parameter document.filename must be text";
  if (typeof id === "string") return media.has(id) ? undefined : `Media id ${id} was not uploaded`;
  if (typeof link === "string")
    return /^https:\/\//.test(link) ? undefined : "Parameter document.link must be https";
  return "Parameter document needs an id or a link";
}

/** The request's form when it is multipart/form-data, parsed by the platform's own parser. */
async function multipartForm(contentType: string | undefined, body: Buffer): Promise<FormData | undefined> {
  if (!contentType?.startsWith("multipart/form-data")) return undefined;
  try {
    return await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    return undefined;
  }
}

/** How an upload is kept in `requests`: its fields, and the file's name, type and size. */
function formSummary(form: FormData): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  for (const [name, value] of form.entries())
    summary[name] =
      typeof value === "string" ? value : { filename: value.name, type: value.type, size: value.size };
  return summary;
}

function metaError(status: number, code: number, message: string, type: string, details?: string): Answer {
  return {
    status,
    body: {
      error: {
        message,
        type,
        code,
        ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
        fbtrace_id: randomBytes(12).toString("base64url"),
      },
    },
  };
}

function reply(response: ServerResponse, answer: Answer): void {
  const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
  const type = typeof answer.body === "string" ? "text/plain" : "application/json";
  response.writeHead(answer.status, { "content-type": type, "content-length": Buffer.byteLength(text) });
  response.end(text);
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The settings that send the app's WhatsApp messages to the stand-in, from the account it accepts. */
export function whatsappEnv(whatsapp: WhatsAppStandIn): Record<string, string> {
  return {
    WHATSAPP_TOKEN: whatsapp.account.token,
    WHATSAPP_PHONE_NUMBER_ID: whatsapp.account.phoneNumberId,
    WHATSAPP_API_BASE_URL: whatsapp.baseUrl,
  };
}
