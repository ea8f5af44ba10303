import { CircleAlert, Mail, Phone, RefreshCw, VideoOff } from "lucide-react";
import { FocusHeading } from "@/components/ui/focus-heading";
import type { ReactNode } from "react";
import { PageShell } from "@/components/layout/page-shell";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { HomeButton } from "@/components/ui/home-button";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { siteProfile } from "@/lib/site-profile";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";
import type { LookupProblem } from "./video-room";

/**
 * The shape of the meeting page while the room is looked up, so that nothing jumps when it arrives; `status` is what
 * a screen reader hears meanwhile.
 */
export function VideoRoomShape({ status }: { status?: string }) {
  const t = useT();
  return (
    <div className="min-h-screen bg-slate-50" aria-busy="true">
      <span className="sr-only" role="status">
        {/* Before the room's words have come, the site's own "Loading…". */}
        {status ?? t("page.loading")}
      </span>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex flex-col gap-2">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-36" />
          </div>
          <Skeleton className="h-6 w-14 rounded-full" />
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-4 sm:p-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-6">
        <Skeleton className="h-[min(70dvh,36rem)] min-h-[22rem] w-full rounded-none bg-slate-300 sm:rounded-xl lg:h-[calc(100dvh-7.5rem)]" />
        <div className="flex flex-col gap-4 px-4 pb-4 sm:px-0">
          <Skeleton className="h-56 w-full rounded-xl" />
          <Skeleton className="h-44 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}

/** The room's shape with its words: the page's title, and "Loading the video consultation..." for screen readers. */
export function VideoRoomSkeleton() {
  const t = useT();
  useRoomTitle(t("room.title"));
  return <VideoRoomShape status={t("room.loading")} />;
}

/** The browser tab's title of a state of the room: "Room Not Found | Dr ...". */
export function useRoomTitle(heading: string): void {
  useDocumentTitle(`${heading} | ${siteProfile.doctor.name}`);
}

/** A page of one card: the room's state, what it means, and the way on. An alarm is red; a wait is the site's blue. */
export function StateCard({
  icon,
  tone = "alarm",
  children,
  after,
}: {
  icon: ReactNode;
  tone?: "alarm" | "calm";
  children: ReactNode;
  /** Shown under the card, such as tips to prepare while waiting. */
  after?: ReactNode;
}) {
  return (
    <PageShell mainClassName="bg-slate-50">
      <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center gap-6 px-4 py-12 sm:px-6">
        <div className="flex flex-col items-center gap-5 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
          <span
            className={cn(
              "flex size-16 items-center justify-center rounded-full [&_svg]:size-9",
              tone === "alarm" ? "bg-red-100 text-red-700" : "bg-brand-50 text-brand-700",
            )}
          >
            {icon}
          </span>
          {children}
        </div>
        {after}
      </div>
    </PageShell>
  );
}

/** The clinic's phone and e-mail as links, for a person who needs help with a consultation. */
export function ClinicContacts() {
  const { phone, email } = siteProfile.contact;
  return (
    <ul className="flex flex-col items-center gap-2 sm:flex-row sm:justify-center sm:gap-6">
      <li>
        <a
          href={`tel:${phone.replace(/[^\d+]/g, "")}`}
          className="inline-flex items-center gap-2 text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          <Phone className="size-4" aria-hidden="true" />
          {phone}
        </a>
      </li>
      <li>
        <a
          href={`mailto:${email}`}
          className="inline-flex items-center gap-2 break-all text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          <Mail className="size-4" aria-hidden="true" />
          {email}
        </a>
      </li>
    </ul>
  );
}

export function RoomNotFound() {
  const t = useT();
  useRoomTitle(t("room.notFound.title"));
  return (
    <StateCard icon={<VideoOff aria-hidden="true" />}>
      <div className="flex flex-col items-center gap-3">
        <Badge variant="destructive">{t("room.notFound.badge")}</Badge>
        <FocusHeading>{t("room.notFound.title")}</FocusHeading>
        <p className="text-slate-700">{t("room.notFound.text")}</p>
      </div>
      <div className="w-full text-sm text-slate-700">
        <p className="mb-2">{t("room.notFound.check")}</p>
        <ClinicContacts />
      </div>
      <HomeButton />
    </StateCard>
  );
}

const troubleshooting = [
  "room.unavailable.tip.connection",
  "room.unavailable.tip.permissions",
  "room.unavailable.tip.browser",
  "room.unavailable.tip.vpn",
] as const;

/**
 * The room could not be looked up, or the video service's script could not load. `problem` says more when the look-up's
 * status tells it (too many requests, a server failure), in the page's words rather than the server's English.
 */
export function VideoServiceUnavailable({ problem }: { problem?: LookupProblem } = {}) {
  const t = useT();
  useRoomTitle(t("room.unavailable.title"));
  return (
    <StateCard icon={<CircleAlert aria-hidden="true" />}>
      <div className="flex flex-col items-center gap-2">
        <FocusHeading>{t("room.unavailable.title")}</FocusHeading>
        <p className="text-slate-700">{t("room.unavailable.text")}</p>
        {problem && (
          <p className="text-sm font-medium text-slate-900" data-problem={problem}>
            {t(`room.unavailable.${problem}`)}
          </p>
        )}
      </div>
      <div className="w-full rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">{t("room.unavailable.troubleshooting")}</h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {troubleshooting.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
      </div>
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Button size="lg" className="w-full sm:w-auto" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          {t("room.unavailable.retry")}
        </Button>
        <HomeButton variant="outline" />
      </div>
      <div className="w-full border-t border-slate-200 pt-4 text-sm text-slate-700">
        <p className="mb-2">{t("room.unavailable.contact")}</p>
        <ClinicContacts />
      </div>
    </StateCard>
  );
}
