import type { AdminAppointment } from "@shared/admin";
import { Copy, Video } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";

/** The doctor's and the patient's video links exist for confirmed and completed appointments only. */
function videoLinks(appointment: AdminAppointment): { host: string | null; patient: string | null } {
  const live = appointment.status === "confirmed" || appointment.status === "completed";
  return {
    host: live ? appointment.videoHostUrl : null,
    patient: live ? appointment.videoRoomUrl : null,
  };
}

async function copyLink(url: string, whose: string): Promise<void> {
  try {
    // Throws where there is no clipboard (a page served over plain HTTP) or the browser refuses.
    await navigator.clipboard.writeText(url);
    toast({ title: "Link Copied", description: `${whose} video link is on the clipboard.` });
  } catch {
    toast({
      title: "Copy Failed",
      description: `The link could not be copied. Copy it by hand: ${url}`,
      variant: "destructive",
      action: { label: "Try Again", onClick: () => void copyLink(url, whose) },
    });
  }
}

/**
 * "Join as host" (a new tab) and "Copy patient link"; with `withHostCopy`, also "Copy host link". Nothing (or a dash
 * in a table) when the appointment has no video links.
 */
export function VideoActions({
  appointment,
  compact = false,
  withHostCopy = false,
}: {
  appointment: AdminAppointment;
  compact?: boolean;
  withHostCopy?: boolean;
}) {
  const { host, patient } = videoLinks(appointment);
  if (!host && !patient) {
    return compact ? (
      <>
        <span className="text-slate-500" aria-hidden="true">
          –
        </span>
        <span className="sr-only">No video link</span>
      </>
    ) : null;
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {host && (
        <Button asChild size="sm">
          <a
            href={host}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Join ${appointment.patientName}'s consultation as host`}
          >
            <Video aria-hidden="true" />
            Join as host
          </a>
        </Button>
      )}
      {host && withHostCopy && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Copy your host link for ${appointment.patientName}`}
          onClick={() => void copyLink(host, "Your host")}
        >
          <Copy aria-hidden="true" />
          Copy host link
        </Button>
      )}
      {patient && <CopyPatientLinkButton appointment={appointment} />}
    </div>
  );
}

/** "Copy patient link", for a confirmed or completed appointment; nothing otherwise. */
export function CopyPatientLinkButton({ appointment }: { appointment: AdminAppointment }) {
  const { patient } = videoLinks(appointment);
  if (!patient) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Copy patient link for ${appointment.patientName}`}
      onClick={() => void copyLink(patient, "The patient's")}
    >
      <Copy aria-hidden="true" />
      Copy patient link
    </Button>
  );
}
