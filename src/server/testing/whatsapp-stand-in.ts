import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback stand-in for Meta's WhatsApp Cloud API (POST /{version}/{phone-number-id}/messages) for tests: real
 * HTTP, the documented request shape for template messages, Meta's success and error bodies, as Meta's Cloud API
 * reference describes them (developers.facebook.com/docs/whatsapp/cloud-api).
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

export interface WhatsAppStandIn {
  /** http://127.0.0.1:PORT, to be used as the transport's baseUrl. */
  baseUrl: string;
  requests: WhatsAppStandInRequest[];
  /** The next request is answered `status` with `body` (JSON unless a string), before any check. */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };

export async function startWhatsAppStandIn(options: WhatsAppStandInOptions): Promise<WhatsAppStandIn> {
  const requests: WhatsAppStandInRequest[] = [];
  const failures: Answer[] = [];

  const server = createServer((request, response) => {
    void readBody(request).then((rawBody) => {
      const entry: WhatsAppStandInRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: flatHeaders(request),
        body: parseJson(rawBody),
      };
      requests.push(entry);
      const answer = failures.shift() ?? handle(entry, options);
      entry.status = answer.status;
      reply(response, answer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext: (status, body) => failures.push({ status, body }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function handle(request: WhatsAppStandInRequest, options: WhatsAppStandInOptions): Answer {
  const match = /^\/(v\d+\.\d+)\/([^/?]+)\/messages$/.exec(request.path.split("?")[0] ?? "");
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
  const problem = shapeProblem(request.body);
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

/** What Meta's documented template request needs; the first thing missing, in Meta's `details` style. */
function shapeProblem(body: unknown): string | undefined {
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
  return componentsProblem(template.components);
}

function componentsProblem(components: unknown): string | undefined {
  if (components === undefined) return undefined;
  if (!Array.isArray(components)) return "Parameter template.components must be an array";
  for (const component of components as unknown[]) {
    if (!isRecord(component) || typeof component.type !== "string") {
      return "Each component needs a type";
    }
    if (!Array.isArray(component.parameters)) return "Each component needs parameters";
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

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
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
