/**
 * `Content-Disposition: attachment` for a file name of any script (RFC 6266): a plain ASCII `filename` for old
 * clients, and the exact name as UTF-8 in `filename*` (RFC 8187), which current browsers prefer.
 */
export function attachmentDisposition(
  fileName: string,
  type: "attachment" | "inline" = "attachment",
): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_") || "download";
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

/** RFC 8187 value characters: letters, digits and !#$&+-.^_`|~ stay; everything else is percent-encoded UTF-8. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
