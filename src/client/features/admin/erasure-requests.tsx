import { ERASURE_EXPLAINED_TO_DOCTOR, type ErasureRequestView } from "@shared/patients";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/lib/use-toast";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { formatShortDate } from "@/lib/format";
import { useClinicInstant } from "./use-clinic-instant";
import { confirmErasure, erasureRequestsQuery } from "./patients-api";
import { ListSection } from "./section-title";

/**
 * Parents' requests to erase their child's data, pending first. The doctor confirms each one after reading what it
 * removes and what the law keeps; the erasure itself runs on the server when confirmed.
 */
export function ErasureRequests() {
  const requests = useQuery(erasureRequestsQuery());
  const { at } = useClinicInstant();
  const [confirming, setConfirming] = useState<ErasureRequestView | null>(null);
  const erase = useMutation({
    mutationFn: (id: string) => confirmErasure(id),
    onSuccess: () => {
      setConfirming(null);
      toast({ title: "Data Erased", description: "The booking's personal data was erased." });
    },
    onError: (error) => showErrorToast(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });

  return (
    <ListSection
      id="erasure-title"
      icon={ShieldCheck}
      title="Erasure Requests"
      query={requests}
      what="erasure requests"
      isEmpty={(data) => data.requests.length === 0}
      empty="No parent has asked for erasure."
      after={
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
          title={<>Erase {confirming?.patientName}'s data?</>}
          description={`${ERASURE_EXPLAINED_TO_DOCTOR} This cannot be undone.`}
          cancelLabel="Keep for now"
          confirmLabel="Erase the data"
          pending={erase.isPending}
          error={null}
          onConfirm={() => confirming && erase.mutate(confirming.id)}
        />
      }
    >
      {(data) => (
        <ul className="divide-y divide-slate-100">
          {data.requests.map((request) => (
            <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 p-4 sm:px-6">
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-medium text-slate-900">
                  {request.patientName} · #{request.bookingId}
                </p>
                <p className="text-sm text-slate-700">
                  Consultation {formatShortDate(request.appointmentDate)} · asked {at(request.requestedAt)}
                  {request.completedAt ? ` · erased ${at(request.completedAt)}` : ""}
                </p>
              </div>
              {request.status === "pending" ? (
                <Button type="button" variant="destructive" size="sm" onClick={() => setConfirming(request)}>
                  Confirm erasure
                </Button>
              ) : (
                <Badge variant="secondary">Erased</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
