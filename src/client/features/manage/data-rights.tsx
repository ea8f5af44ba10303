import { clinicDate } from "@shared/clinic-time";
import type { DataRightsView } from "@shared/patients";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { apiJson } from "@/lib/api";
import { Message, useDates, useT } from "@/lib/i18n";
import { clinicTimeZone } from "@/lib/site-profile";
import { dataRightsQuery } from "./api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useServerWords } from "./server-words";

function exportUrl(token: string): string {
  return `/api/manage/${encodeURIComponent(token)}/export`;
}

/**
 * "Your data": the parent downloads everything held about the booking, or asks for it to be erased. What erasure
 * removes and what the law keeps is said before the parent asks, and again once it is done.
 */
export function DataRights({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const rights = useQuery(dataRightsQuery(token));
  const [asking, setAsking] = useState(false);
  const t = useT();
  const dates = useDates();
  const server = useServerWords();
  /** The day in the clinic's zone, as every other date on the page is written. */
  const dateText = (iso: string) => dates.long(clinicDate(new Date(iso), clinicTimeZone));
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
        {t("data.title")}
      </h2>
      <p className="text-sm text-slate-700">
        <Message
          id="data.privacy"
          components={{ 0: <Link href="/privacy" className="font-medium text-brand-700 underline" /> }}
        />
      </p>
      {exportAvailable ? (
        <Button asChild variant="outline" size="wrap">
          <a href={exportUrl(token)} download>
            <Download aria-hidden="true" className="size-4" /> {t("data.export")}
          </a>
        </Button>
      ) : null}
      {erasure.state === "none" && erasure.allowed ? (
        <Button type="button" variant="outline" size="wrap" onClick={() => setAsking(true)}>
          <ShieldCheck aria-hidden="true" className="size-4" /> {t("data.ask")}
        </Button>
      ) : null}
      {erasure.state === "none" && !erasure.allowed && erasure.reason ? (
        <p className="text-sm text-slate-700">{server.sentence(erasure.reason)}</p>
      ) : null}
      {erasure.state === "pending" && erasure.requestedAt ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t("data.pending", { date: dateText(erasure.requestedAt) })}
        </p>
      ) : null}
      {erasure.state === "completed" && erasure.completedAt ? (
        <p role="status" className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
          {t("data.completed", {
            date: dateText(erasure.completedAt),
            outcome: server.sentence(erasure.outcome ?? ""),
          })}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("data.askTitle")}
        description={t("data.explained")}
        confirmLabel={t("data.ask")}
        cancelLabel={t("data.keep")}
        pending={request.isPending}
        error={request.error ? server.failure(request.error) : null}
        onConfirm={() => request.mutate()}
      />
    </section>
  );
}
