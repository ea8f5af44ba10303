import { lazy, Suspense } from "react";
import { useAdminLoginOpen } from "@/lib/dialogs";
import { withQuery } from "@/lib/with-query";

const AdminLoginDialog = lazy(() => withQuery(import("./admin-login-dialog")));

export function AdminLoginRoot() {
  if (!useAdminLoginOpen()) return null;
  return (
    <Suspense fallback={null}>
      <AdminLoginDialog />
    </Suspense>
  );
}
