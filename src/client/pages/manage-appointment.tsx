import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { PageShell } from "@/components/layout/page-shell";
import { FocusHeading } from "@/components/ui/focus-heading";
import { Button } from "@/components/ui/button";
import { HomeButton } from "@/components/ui/home-button";
import { errorStatus } from "@/lib/api";
import { manageQuery } from "@/features/manage/api";
import { ManageBooking } from "@/features/manage/manage-booking";
import { useServerWords } from "@/features/manage/server-words";
import { Message, useT } from "@/lib/i18n";
import { useMessageChunk } from "@/lib/message-chunks";
import { siteProfile } from "@/lib/site-profile";
import { useDocumentTitle } from "@/lib/use-document-title";

/** A failure that asking again may mend: a limit, the server's trouble or the network's, not a link that opens nothing. */
function mayWorkOnAnotherTry(error: unknown): boolean {
  const status = errorStatus(error);
  return status === null || status === 408 || status === 429 || status >= 500;
}

/**
 * /appointments/manage/{token}: the parent's own page for a booking, opened from the confirmation's link; under /hi/
 * or /kn/ for a booking made in Hindi or Kannada (the messages' links say so).
 */
export default function ManageAppointmentPage() {
  // The server-rendered page carries the visit catalogue's words; a page reached in the browser loads them here.
  useMessageChunk("visit");
  const t = useT();
  const server = useServerWords();
  const token = useParams<{ token: string }>().token ?? "";
  const booking = useQuery(manageQuery(token));
  useDocumentTitle(`${t("manage.title")} | ${siteProfile.doctor.name}`);

  return (
    <PageShell>
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
        <FocusHeading className="text-2xl font-bold text-slate-900">{t("manage.title")}</FocusHeading>
        {booking.isPending ? <p aria-busy="true">{t("manage.loading")}</p> : null}
        {booking.isError ? (
          <div role="alert" className="grid gap-4">
            <p className="text-slate-800">{server.failure(booking.error)}</p>
            {mayWorkOnAnotherTry(booking.error) ? (
              <div>
                <Button type="button" variant="outline" onClick={() => void booking.refetch()}>
                  {t("manage.retry")}
                </Button>
              </div>
            ) : null}
            <p className="text-slate-700">
              <Message
                id="manage.help"
                values={{ email: siteProfile.contact.email, phone: siteProfile.contact.phone }}
                components={{
                  0: (
                    <a
                      className="font-medium text-brand-700 underline"
                      href={`mailto:${siteProfile.contact.email}`}
                    />
                  ),
                }}
              />
            </p>
            <HomeButton />
          </div>
        ) : null}
        {booking.data ? <ManageBooking token={token} view={booking.data} /> : null}
      </div>
    </PageShell>
  );
}
