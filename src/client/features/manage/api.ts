import type { DataRightsView } from "@shared/patients";
import type { Language } from "@shared/i18n/languages";
import type { ManageView, RescheduleInput } from "@shared/manage";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiJson } from "@/lib/api";

/** The parent's booking behind a manage link; the token is the only key. */
export function manageQuery(token: string) {
  return queryOptions({
    queryKey: ["manage", token] as const,
    queryFn: () => apiGet<ManageView>(`/api/manage/${encodeURIComponent(token)}`),
    retry: false,
  });
}

/** What the parent may ask about their data (export, erasure) through the link. */
export function dataRightsQuery(token: string) {
  return queryOptions({
    queryKey: ["manage", token, "data-rights"] as const,
    queryFn: () => apiGet<DataRightsView>(`/api/manage/${encodeURIComponent(token)}/data-rights`),
    retry: false,
  });
}

export function cancelBooking(token: string): Promise<ManageView> {
  return apiJson<ManageView>("POST", `/api/manage/${encodeURIComponent(token)}/cancel`, {});
}

export function rescheduleBooking(token: string, input: RescheduleInput): Promise<ManageView> {
  return apiJson<ManageView>("POST", `/api/manage/${encodeURIComponent(token)}/reschedule`, input);
}

export function receiptUrl(token: string): string {
  return `/api/manage/${encodeURIComponent(token)}/receipt`;
}

/** The language of the booking's messages and documents from now on. */
export function chooseLanguage(token: string, language: Language): Promise<ManageView> {
  return apiJson<ManageView>("POST", `/api/manage/${encodeURIComponent(token)}/language`, { language });
}
