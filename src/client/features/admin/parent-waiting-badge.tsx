import { useQuery } from "@tanstack/react-query";
import { UserCheck } from "lucide-react";
import { publicConfigQuery } from "@/lib/public-config";
import { clockTime } from "./admin-format";

/**
 * "Parent waiting since 7:02 PM": the parent has the video page open now (the waiting room or the call). Nothing when
 * they are not there.
 */
export function ParentWaitingBadge({ since, zone }: { since: string | null; zone: string | undefined }) {
  const { data: config } = useQuery(publicConfigQuery());
  if (!since) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
      <UserCheck className="size-3.5" aria-hidden="true" />
      Parent waiting since {clockTime(since, config?.clinicTimeZone)}
      {zone ? ` ${zone}` : ""}
    </span>
  );
}
