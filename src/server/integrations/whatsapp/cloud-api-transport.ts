import type { SendResult, WhatsAppDocument, WhatsAppMessage, WhatsAppTransport } from "../messaging/types";
import { TransportError } from "../messaging/types";

/**
 * WhatsApp template messages through Meta's Cloud API (Graph API) over plain fetch: Meta's own Node SDK is
 * unmaintained, and one POST is all that is needed. Facts and sources: research/video-messaging-email.md §3.1.
 */
interface WhatsAppTransportOptions {
  /** A System User access token (permanent); never written into errors or logs. */
  token?: string;
  phoneNumberId?: string;
  /** Pinned so that a Graph API release cannot change behaviour under us. */
  graphVersion?: string;
  /** https://graph.facebook.com; a loopback stand-in in tests. */
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const DEFAULT_GRAPH_VERSION = "v25.0";
const DEFAULT_BASE_URL = "https://graph.facebook.com";
const DEFAULT_TIMEOUT_MS = 15_000;

type BodyComponent = { type: "body"; parameters: { type: "text"; text: string }[] };
/** A template's DOCUMENT header, filled with a file uploaded to WhatsApp (its media id) and the name shown. */
type DocumentHeaderComponent = {
  type: "header";
  parameters: { type: "document"; document: { id: string; filename: string } }[];
};

/** The request body Meta documents for a template message; also what the file outbox writes. */
interface TemplateMessageBody {
  messaging_product: "whatsapp";
  recipient_type: "individual";
  to: string;
  type: "template";
  template: {
    name: string;
    language: { code: string };
    components: (DocumentHeaderComponent | BodyComponent)[];
  };
}

/** The body of a template message; a message with a document needs the media id its upload answered. */
export function templateMessageBody(message: WhatsAppMessage, mediaId?: string): TemplateMessageBody {
  const header: DocumentHeaderComponent[] =
    message.document && mediaId
      ? [
          {
            type: "header",
            parameters: [
              { type: "document", document: { id: mediaId, filename: message.document.filename } },
            ],
          },
        ]
      : [];
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    // Digits only, as Meta's wa_id: E.164 without the '+'.
    to: message.to.replace(/\D/g, ""),
    type: "template",
    template: {
      name: message.template,
      language: { code: message.language },
      components: [
        ...header,
        { type: "body", parameters: message.bodyParameters.map((text) => ({ type: "text", text })) },
      ],
    },
  };
}

export function createWhatsAppTransport(options: WhatsAppTransportOptions): WhatsAppTransport {
  const { token, phoneNumberId } = options;
  if (!token || !phoneNumberId) return notConfigured();
  const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const version = options.graphVersion ?? DEFAULT_GRAPH_VERSION;
  const endpoint = `${base}/${version}/${encodeURIComponent(phoneNumberId)}/messages`;
  const mediaEndpoint = `${base}/${version}/${encodeURIComponent(phoneNumberId)}/media`;
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    configured: true,
    async send(message: WhatsAppMessage): Promise<SendResult> {
      // A document is uploaded first (Meta keeps it 30 days) and the template names it by its media id: no public
      // link to a patient's file is ever needed. A retry uploads again, so an id never outlives its message.
      const mediaId = message.document
        ? await uploadDocument(fetchImpl, mediaEndpoint, token, message.document, timeoutMs)
        : undefined;
      const response = await post(
        fetchImpl,
        endpoint,
        token,
        templateMessageBody(message, mediaId),
        timeoutMs,
      );
      const body = await readJson(response);
      if (!response.ok) throw metaError(response.status, body);
      const id = messageIdOf(body);
      if (!id) throw new TransportError(`WhatsApp answered ${response.status} without a message id`);
      return { providerMessageId: id };
    },
  };
}

function notConfigured(): WhatsAppTransport {
  return {
    configured: false,
    async send(): Promise<SendResult> {
      throw new TransportError(
        "WhatsApp is not configured: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are not set",
      );
    },
  };
}

/**
 * POST /{phone-number-id}/media as multipart form data (messaging_product, type, file), which Meta answers with the
 * media's id.
 */
async function uploadDocument(
  fetchImpl: typeof fetch,
  endpoint: string,
  token: string,
  document: WhatsAppDocument,
  timeoutMs: number,
): Promise<string> {
  const form = new FormData();
  form.append("messaging_product", "whatsapp");
  form.append("type", document.contentType);
  form.append(
    "file",
    new Blob([new Uint8Array(document.content)], { type: document.contentType }),
    document.filename,
  );
  const response = await request(fetchImpl, endpoint, token, form, timeoutMs);
  const body = await readJson(response);
  if (!response.ok) throw metaError(response.status, body);
  const id = isRecord(body) && typeof body.id === "string" ? body.id : undefined;
  if (!id) throw new TransportError(`WhatsApp answered the upload ${response.status} without a media id`);
  return id;
}

function post(
  fetchImpl: typeof fetch,
  endpoint: string,
  token: string,
  body: TemplateMessageBody,
  timeoutMs: number,
): Promise<Response> {
  return request(fetchImpl, endpoint, token, JSON.stringify(body), timeoutMs);
}

/** A POST with the token; a JSON text is sent as JSON, form data with its own multipart type. */
async function request(
  fetchImpl: typeof fetch,
  endpoint: string,
  token: string,
  body: string | FormData,
  timeoutMs: number,
): Promise<Response> {
  try {
    return await fetchImpl(endpoint, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // Timeouts and network failures: Meta may or may not have the request; retrying a template is the lesser harm.
    const reason = isTimeout(error) ? `no answer within ${timeoutMs} ms` : networkReason(error);
    throw new TransportError(`WhatsApp could not be reached: ${reason}`);
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageIdOf(body: unknown): string | undefined {
  if (!isRecord(body) || !Array.isArray(body.messages)) return undefined;
  const first: unknown = body.messages[0];
  return isRecord(first) && typeof first.id === "string" ? first.id : undefined;
}

interface MetaErrorBody {
  message?: string;
  code?: number;
  type?: string;
  details?: string;
}

function parseMetaError(body: unknown): MetaErrorBody | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const error = body.error;
  const data = isRecord(error.error_data) ? error.error_data : {};
  return {
    message: typeof error.message === "string" ? error.message : undefined,
    code: typeof error.code === "number" ? error.code : undefined,
    type: typeof error.type === "string" ? error.type : undefined,
    details: typeof data.details === "string" ? data.details : undefined,
  };
}

/** "WhatsApp error 131047: Re-engagement message (More than 24 hours have passed...)". */
function metaError(status: number, body: unknown): TransportError {
  const meta = parseMetaError(body);
  if (!meta) {
    const text = typeof body === "string" ? `: ${body.slice(0, 200)}` : "";
    return new TransportError(
      `WhatsApp answered HTTP ${status}${text}`,
      status >= 400 && status < 500 && status !== 429 && status !== 408,
    );
  }
  const code = meta.code ?? status;
  const details = meta.details && meta.details !== meta.message ? ` (${meta.details})` : "";
  const message = `WhatsApp error ${code}: ${meta.message ?? "no message"}${details}`;
  return new TransportError(message, isPermanentCode(code, status));
}

/** Meta's codes that retrying the same request cannot fix (error-codes page of the Cloud API). */
const PERMANENT_CODES = new Set([
  100, // invalid parameter
  190, // access token expired or invalid
  200, // permission
  10, // permission denied
  131008, // required parameter missing
  131009, // parameter value invalid
  131021, // recipient cannot be the sender
  131026, // message undeliverable (not on WhatsApp, old app, not accepted the terms)
  131030, // recipient not in the allowed list (test numbers)
  131031, // business account locked
  131047, // re-engagement: outside the 24-hour window (needs a template; this is one, so it will not change)
  131051, // unsupported message type
  132000, // template parameter count mismatch
  132001, // template does not exist or not approved in this language
  132005, // translated text too long
  132007, // template violates format policy
  132012, // parameter format mismatch
  132015, // template paused
  132016, // template disabled
  133010, // phone number not registered
]);

/** Throttling and Meta's own trouble: worth another try later. */
const TEMPORARY_CODES = new Set([
  1, // unknown API error
  2, // API service temporarily unavailable
  4, // application request limit
  80007, // business account rate limit
  130429, // throughput rate limit
  131000, // something went wrong
  131016, // service unavailable
  131048, // spam rate limit
  131056, // pair rate limit
  133004, // server temporarily unavailable
]);

function isPermanentCode(code: number, status: number): boolean {
  if (TEMPORARY_CODES.has(code)) return false;
  if (PERMANENT_CODES.has(code)) return true;
  // Unknown codes: trust the HTTP class. 4xx other than throttling is the request's fault; 5xx is Meta's.
  return status >= 400 && status < 500 && status !== 429 && status !== 408;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
