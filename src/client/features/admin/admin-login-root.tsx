import { lazy, Suspense } from "react";
import { useAdminLoginOpen } from "@/lib/dialogs";

const AdminLoginDialog = lazy(() => import("./admin-login-dialog"));

export function AdminLoginRoot() {
  if (!useAdminLoginOpen()) return null;
  return (
    <Suspense fallback={null}>
      <AdminLoginDialog />
    </Suspense>
  );
}
