import { clinicDate } from "@shared/clinic-time";
import { type DataRightsView, ERASURE_EXPLAINED } from "@shared/patients";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { apiJson } from "@/lib/api";
import { formatLongDate } from "@/lib/format";
import { clinicTimeZone } from "@/lib/site-profile";
import { dataRightsQuery } from "./api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

function exportUrl(token: string): string {
  return `/api/manage/${encodeURIComponent(token)}/export`;
}

/** The day in the clinic's zone, as every other date on the page is written. */
function dateText(iso: string): string {
  return formatLongDate(clinicDate(new Date(iso), clinicTimeZone));
}

/**
 * "Your data": the parent downloads everything held about the booking, or asks for it to be erased. What erasure
 * removes and what the law keeps is said before the parent asks, and again once it is done.
 */
export function DataRights({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const rights = useQuery(dataRightsQuery(token));
  const [asking, setAsking] = useState(false);
  const request = useMutation({
    mutationFn: () => apiJson<DataRightsView>("POST", `/api/manage/${encodeURIComponent(token)}/erasure`, {}),
    onSuccess: (next) => {
      queryClient.setQueryData(dataRightsQuery(token).queryKey, next);
      setAsking(false);
    },
  });
  if (!rights.data) return null;
  const { erasure, exportAvailable } = rights.data;

  return (
    <section aria-labelledby="manage-data" className="grid gap-3">
      <h2 id="manage-data" className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <p className="text-sm text-slate-700">
        The{" "}
        <Link href="/privacy" className="font-medium text-brand-700 underline">
          Privacy Notice
        </Link>{" "}
        says what is kept about your child, why, and for how long.
      </p>
      {exportAvailable ? (
        <Button asChild variant="outline">
          <a href={exportUrl(token)} download>
            <Download aria-hidden="true" className="size-4" /> Download all data (ZIP)
          </a>
        </Button>
      ) : null}
      {erasure.state === "none" && erasure.allowed ? (
        <Button type="button" variant="outline" onClick={() => setAsking(true)}>
          <ShieldCheck aria-hidden="true" className="size-4" /> Ask for erasure
        </Button>
      ) : null}
      {erasure.state === "none" && !erasure.allowed && erasure.reason ? (
        <p className="text-sm text-slate-700">{erasure.reason}</p>
      ) : null}
      {erasure.state === "pending" && erasure.requestedAt ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          You asked for erasure on {dateText(erasure.requestedAt)}. The doctor will confirm it; this page will
          then say so.
        </p>
      ) : null}
      {erasure.state === "completed" && erasure.completedAt ? (
        <p role="status" className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
          {dateText(erasure.completedAt)}: {erasure.outcome}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Ask for erasure?"
        description={ERASURE_EXPLAINED}
        confirmLabel="Ask for erasure"
        cancelLabel="Keep my data"
        pending={request.isPending}
        error={request.error instanceof Error ? request.error.message : null}
        onConfirm={() => request.mutate()}
      />
    </section>
  );
}
