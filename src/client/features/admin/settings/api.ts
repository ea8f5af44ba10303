import type {
  Coupon,
  CouponInputFields,
  CouponPatch,
  DoctorContacts,
  Fees,
  SettingsChange,
} from "@shared/practice-settings";
import type { ProfileInput, SiteProfile } from "@shared/site-profile";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest } from "@/lib/api";

/** Under ["admin"], so signing out drops them with the rest of the dashboard's reads. */
export const settingsKeys = {
  profile: ["admin", "settings", "profile"] as const,
  fees: ["admin", "settings", "fees"] as const,
  coupons: ["admin", "settings", "coupons"] as const,
  history: ["admin", "settings", "history"] as const,
  contacts: ["admin", "settings", "contacts"] as const,
};

export interface ProfileAnswer {
  profile: SiteProfile;
  /** False while the site shows the deployer's file or the sample profile. */
  savedInDashboard: boolean;
}

export const profileQuery = () =>
  queryOptions({
    queryKey: settingsKeys.profile,
    queryFn: () => apiGet<ProfileAnswer>("/api/admin/profile"),
  });

export const feesQuery = () =>
  queryOptions({ queryKey: settingsKeys.fees, queryFn: () => apiGet<Fees>("/api/admin/fees") });

export const couponsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.coupons,
    queryFn: async () => (await apiGet<{ coupons: Coupon[] }>("/api/admin/coupons")).coupons,
  });

export const historyQuery = () =>
  queryOptions({
    queryKey: settingsKeys.history,
    queryFn: async () => (await apiGet<{ changes: SettingsChange[] }>("/api/admin/settings/history")).changes,
  });

export const saveProfile = (profile: ProfileInput) =>
  apiJson<ProfileAnswer>("PUT", "/api/admin/profile", profile);

export const saveFees = (fees: Fees) => apiJson<Fees>("PUT", "/api/admin/fees", fees);

export const addCoupon = (coupon: CouponInputFields) =>
  apiJson<{ coupon: Coupon }>("POST", "/api/admin/coupons", coupon);

export const changeCoupon = (id: string, patch: CouponPatch) =>
  apiJson<{ coupon: Coupon }>("PATCH", `/api/admin/coupons/${encodeURIComponent(id)}`, patch);

export const removeCoupon = async (id: string) => {
  await apiRequest("DELETE", `/api/admin/coupons/${encodeURIComponent(id)}`);
};

export const uploadPhoto = (file: File) => apiJson<ProfileAnswer>("PUT", "/api/admin/profile/photo", file);

export const uploadSignature = (file: File) =>
  apiJson<{ signature: true }>("PUT", "/api/admin/profile/signature", file);

/** The uploaded signature's address; `version` changes it after an upload, so the new one shows. */
export const signatureUrl = (version: number) => `/api/admin/profile/signature?v=${version}`;

export const doctorContactsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.contacts,
    queryFn: () => apiGet<DoctorContacts>("/api/admin/doctor-contacts"),
  });

export const saveDoctorContacts = (contacts: DoctorContacts) =>
  apiJson<DoctorContacts>("PUT", "/api/admin/doctor-contacts", contacts);
