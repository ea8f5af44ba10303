import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { PageShell } from "@/components/layout/page-shell";
import { FocusHeading } from "@/components/ui/focus-heading";
import { HomeButton } from "@/components/ui/home-button";
import { manageQuery } from "@/features/manage/api";
import { ManageBooking } from "@/features/manage/manage-booking";
import { siteProfile } from "@/lib/site-profile";
import { useDocumentTitle } from "@/lib/use-document-title";

/** /appointments/manage/{token}: the parent's own page for a booking, opened from the confirmation's link. */
export default function ManageAppointmentPage() {
  const token = useParams<{ token: string }>().token ?? "";
  const booking = useQuery(manageQuery(token));
  useDocumentTitle(`Your booking | ${siteProfile.doctor.name}`);

  return (
    <PageShell>
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
        <FocusHeading className="text-2xl font-bold text-slate-900">Your booking</FocusHeading>
        {booking.isPending ? <p aria-busy="true">Loading your booking…</p> : null}
        {booking.isError ? (
          <div role="alert" className="grid gap-4">
            <p className="text-slate-800">{booking.error.message}</p>
            <p className="text-slate-700">
              Need help? Write to{" "}
              <a
                className="font-medium text-brand-700 underline"
                href={`mailto:${siteProfile.contact.email}`}
              >
                {siteProfile.contact.email}
              </a>{" "}
              or call {siteProfile.contact.phone}.
            </p>
            <HomeButton />
          </div>
        ) : null}
        {booking.data ? <ManageBooking token={token} view={booking.data} /> : null}
      </div>
    </PageShell>
  );
}
