import type { ProfileInput, SiteProfile } from "@shared/site-profile";
import { useState } from "react";
import { DialogShell } from "@/components/ui/dialog-shell";
import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { SetupChecklist } from "@/features/admin/setup-checklist";
import { DoctorContactSettings } from "@/features/admin/settings/doctor-contacts";
import { CouponSettings, FeeSettings } from "@/features/admin/settings/fees-and-coupons";
import { ImageSettings } from "@/features/admin/settings/images";
import { ProfileSettings } from "@/features/admin/settings/profile-form";
import { SettingsHistory } from "@/features/admin/settings/settings-history";
import { AboutSection } from "@/features/home/about-section";
import { HeroSection } from "@/features/home/hero-section";
import { ServicesSection } from "@/features/home/services-section";

/** /admin/settings: the doctor's profile, fees and coupons, and the history of their changes. */
export default function AdminSettingsPage() {
  return (
    <AdminGuard>
      <AdminSettings />
    </AdminGuard>
  );
}

function AdminSettings() {
  const [preview, setPreview] = useState<ProfileInput | null>(null);
  return (
    <AdminLayout
      title="Settings"
      current="settings"
      description="Your profile, fees and coupons. Changes show on the site at once."
    >
      <SetupChecklist place="settings" />
      <ProfileSettings onPreview={setPreview} />
      <ImageSettings />
      <FeeSettings />
      <DoctorContactSettings />
      <CouponSettings />
      <SettingsHistory />
      {preview && <ProfilePreview profile={preview} onClose={() => setPreview(null)} />}
    </AdminLayout>
  );
}

/** The top of the home page as it will look with the unsaved profile. */
function ProfilePreview({ profile, onClose }: { profile: ProfileInput; onClose: () => void }) {
  const shown: SiteProfile = profile;
  return (
    <DialogShell
      onOpenChange={(open) => !open && onClose()}
      title="Preview of the home page"
      description="How the top of the home page will look once you save. Nothing is saved yet."
      className="max-h-[90vh] max-w-5xl overflow-y-auto"
    >
      <div inert className="rounded-md border border-slate-200">
        <HeroSection profile={shown} />
        <AboutSection profile={shown} />
        <ServicesSection profile={shown} />
      </div>
    </DialogShell>
  );
}
