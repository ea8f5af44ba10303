import type { ApiErrorBody } from "@shared/api-error";
import type { ParentReportUploads, ReportUpload } from "@shared/uploads";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ApiError, apiGet, apiJson } from "@/lib/api";

/** The message of an upload that never got an answer: the connection dropped, or the phone lost its signal. */
const UPLOAD_NETWORK_MESSAGE =
  "The upload did not finish: the connection was lost. Please check your connection and try again.";

const base = (token: string) => `/api/manage/${encodeURIComponent(token)}/uploads`;

/**
 * The reports uploaded through this link. The booking's status is part of the key: after a cancellation the list is
 * asked again, and says that no file is taken any more.
 */
export function reportUploadsQuery(token: string, status: string) {
  return queryOptions({
    queryKey: ["manage", token, "uploads", status] as const,
    queryFn: () => apiGet<ParentReportUploads>(base(token)),
    // The files stay on screen while the list is asked again after a change of status.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Where the browser downloads a file (the server answers it as an attachment). */
export function reportDownloadUrl(token: string, uploadId: string): string {
  return `${base(token)}/${encodeURIComponent(uploadId)}`;
}

export function removeReport(token: string, uploadId: string): Promise<ParentReportUploads> {
  return apiJson<ParentReportUploads>("DELETE", reportDownloadUrl(token, uploadId));
}

function errorFrom(status: number, text: string): ApiError {
  let body: ApiErrorBody | null = null;
  try {
    const parsed = JSON.parse(text) as Partial<ApiErrorBody>;
    if (typeof parsed.message === "string") body = parsed as ApiErrorBody;
  } catch {
    // A proxy's page: the status says enough.
  }
  return new ApiError(status, body, body?.message ?? `The upload failed (HTTP ${status}). Please try again.`);
}

/**
 * Sends one file as multipart/form-data, reporting the bytes sent as they go. XMLHttpRequest, because fetch does
 * not report upload progress in browsers yet. Rejects with an ApiError for an answer, an Error with
 * UPLOAD_NETWORK_MESSAGE when no answer came, and an AbortError when `signal` cancelled it.
 */
export function uploadReport(
  token: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<ReportUpload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", base(token));
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener("load", () => {
      if (request.status >= 200 && request.status < 300)
        resolve(JSON.parse(request.responseText) as ReportUpload);
      else reject(errorFrom(request.status, request.responseText));
    });
    request.addEventListener("error", () => reject(new Error(UPLOAD_NETWORK_MESSAGE)));
    request.addEventListener("abort", () =>
      reject(new DOMException("The upload was cancelled.", "AbortError")),
    );
    signal.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
}
