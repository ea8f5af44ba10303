/** Reading received e-mails in tests without a MIME parser package (the registry here lacks mailparser's dependencies). */
interface MimePart {
  headers: string;
  contentType: string;
  body: string;
}

/**
 * The leaf parts of a MIME message with their bodies decoded (quoted-printable, base64): enough to check what a
 * mail program would show without a parser package.
 */
export function mimeParts(raw: string): MimePart[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1] ?? "");
  const splitter = new RegExp(
    `\\r?\\n?--(?:${boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?:--)?\\r?\\n`,
  );
  return raw
    .split(splitter)
    .map((chunk) => {
      const end = chunk.search(/\r?\n\r?\n/);
      const headers = end < 0 ? chunk : chunk.slice(0, end);
      const rawBody = end < 0 ? "" : chunk.slice(end).replace(/^\r?\n\r?\n/, "");
      const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
      const contentType = /^content-type:\s*([^;\r\n]+)/im.exec(unfolded)?.[1]?.trim().toLowerCase() ?? "";
      const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(unfolded)?.[1]?.toLowerCase() ?? "7bit";
      return { headers: unfolded, contentType, body: decodeBody(rawBody, encoding) };
    })
    .filter((part) => part.contentType !== "" && !part.contentType.startsWith("multipart/"));
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

export function part(raw: string, contentType: string): MimePart {
  const found = mimeParts(raw).find((candidate) => candidate.contentType === contentType);
  if (!found) throw new Error(`no ${contentType} part in:\n${raw.slice(0, 2000)}`);
  return found;
}

/** Every header and decoded body of a message as one text, for searching. */
export function readableMail(raw: string): string {
  const headers = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/)));
  return [headers, ...mimeParts(raw).map((candidate) => candidate.body)].join("\n");
}
