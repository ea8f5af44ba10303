import { LockKeyhole } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { closeAdminLogin } from "./open-admin-login";

/** The administrator's sign-in. Password login is switched on together with the dashboard. */
export default function AdminLoginDialog() {
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && closeAdminLogin()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <LockKeyhole className="size-5 text-brand-700" aria-hidden="true" />
            Admin Login
          </DialogTitle>
          <DialogDescription>The administrator's dashboard is not available yet.</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
