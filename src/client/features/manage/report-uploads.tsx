import {
  formatFileSize,
  isReportContentType,
  MAX_REPORT_BYTES,
  MAX_REPORT_FILES,
  type ParentReportUploads,
  REPORT_ACCEPT,
  REPORT_TYPES,
  type ReportUpload,
  reportTypeOfHead,
  UPLOAD_MESSAGES,
} from "@shared/uploads";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, RotateCcw, Trash2, Upload, X } from "lucide-react";
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { DownloadReportButton, ReportFileName } from "@/components/appointments/report-file";
import { Button } from "@/components/ui/button";
import { LoadFailed } from "@/components/ui/load-failed";
import { ApiError } from "@/lib/api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type Translate, useT } from "@/lib/i18n";
import { useServerWords } from "./server-words";
import { removeReport, reportDownloadUrl, reportUploadsQuery, uploadReport } from "./uploads-api";

/** A file on its way: waiting its turn, being sent, or refused with a reason the parent can act on. */
interface Transfer {
  key: string;
  file: File;
  /** 0 to 1, from the browser's upload progress. */
  progress: number;
  state: "waiting" | "sending" | "failed";
  error: string | null;
  /** Whether sending it again may work (the connection dropped, the server failed), as opposed to a refusal. */
  retryable: boolean;
}

let transferCount = 0;

function typeLabel(t: Translate, contentType: string): string {
  return isReportContentType(contentType) ? REPORT_TYPES[contentType].label : t("uploads.file");
}

/** The page's own check before sending: an empty, too large or non-report file is refused without using data. */
async function refusalBeforeSending(file: File): Promise<string | null> {
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > MAX_REPORT_BYTES) return UPLOAD_MESSAGES.tooLarge;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return reportTypeOfHead(head) ? null : UPLOAD_MESSAGES.wrongType;
}

function failureOf(error: unknown): { error: string; retryable: boolean } {
  if (error instanceof ApiError)
    return {
      error: error.message,
      retryable: error.status === 408 || error.status === 429 || error.status >= 500,
    };
  return { error: error instanceof Error ? error.message : UPLOAD_MESSAGES.unreadable, retryable: true };
}

/**
 * The files being sent, one at a time (a phone on a slow network does better with one upload than with five
 * sharing it), each with its progress, a Cancel, and after a failure its reason and, where it may help, Try again.
 * The queue lives in refs, worked through by one loop; the state only shows it.
 */
function useTransfers(token: string, onUploaded: (upload: ReportUpload) => void, onRefused: () => void) {
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const waiting = useRef<Transfer[]>([]);
  const sending = useRef<{ key: string; controller: AbortController } | null>(null);
  const running = useRef(false);
  const update = useCallback((key: string, change: Partial<Transfer>) => {
    setTransfers((all) =>
      all.map((transfer) => (transfer.key === key ? { ...transfer, ...change } : transfer)),
    );
  }, []);
  const drop = useCallback((key: string) => {
    setTransfers((all) => all.filter((transfer) => transfer.key !== key));
  }, []);

  /** Sends one file; settles when it is uploaded, refused, failed or cancelled, never rejects. */
  const sendOne = useCallback(
    async (transfer: Transfer) => {
      const controller = new AbortController();
      sending.current = { key: transfer.key, controller };
      update(transfer.key, { state: "sending", progress: 0, error: null });
      try {
        const upload = await uploadReport(
          token,
          transfer.file,
          (sent, total) => update(transfer.key, { progress: sent / total }),
          controller.signal,
        );
        drop(transfer.key);
        onUploaded(upload);
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") drop(transfer.key);
        else update(transfer.key, { state: "failed", ...failureOf(error) });
        if (error instanceof ApiError && error.status === 409) onRefused();
      } finally {
        sending.current = null;
      }
    },
    [token, update, drop, onUploaded, onRefused],
  );

  /** Sends the queued files in turn; called while the loop runs, it returns at once and the loop takes them too. */
  const sendWaiting = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    for (let next = waiting.current.shift(); next; next = waiting.current.shift()) await sendOne(next);
    running.current = false;
  }, [sendOne]);

  useEffect(
    () => () => {
      waiting.current = [];
      sending.current?.controller.abort();
    },
    [],
  );

  const add = (entries: { file: File; refusal: string | null }[]) => {
    const added = entries.map(({ file, refusal }) => ({
      key: String((transferCount += 1)),
      file,
      progress: 0,
      state: refusal ? ("failed" as const) : ("waiting" as const),
      error: refusal,
      retryable: false,
    }));
    setTransfers((all) => [...all, ...added]);
    waiting.current.push(...added.filter((transfer) => transfer.state === "waiting"));
    void sendWaiting();
  };
  const cancel = (key: string) => {
    if (sending.current?.key === key) return sending.current.controller.abort();
    waiting.current = waiting.current.filter((transfer) => transfer.key !== key);
    drop(key);
  };
  const retry = (transfer: Transfer) => {
    update(transfer.key, { state: "waiting", progress: 0, error: null });
    waiting.current.push(transfer);
    void sendWaiting();
  };
  return { transfers, add, cancel, retry, dismiss: drop };
}

/**
 * "Reports for the doctor" on the manage page: the parent uploads echo and ECG reports, discharge summaries or photos
 * of them before the call, sees each file's progress, and downloads or removes what was uploaded.
 */
export function ReportUploads({ token, status }: { token: string; status: string }) {
  const queryClient = useQueryClient();
  const t = useT();
  const server = useServerWords();
  const list = useQuery(reportUploadsQuery(token, status));
  const [announcement, setAnnouncement] = useState("");
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ["manage", token, "uploads"] }),
    [queryClient, token],
  );
  const onUploaded = useCallback(
    (upload: ReportUpload) => {
      setAnnouncement(t("uploads.uploaded", { name: upload.fileName }));
      void refresh();
    },
    [refresh, t],
  );
  const onRefused = useCallback(() => void refresh(), [refresh]);
  const transfers = useTransfers(token, onUploaded, onRefused);
  const hintId = useId();

  const choose = async (files: File[]) => {
    const pending = transfers.transfers.filter((transfer) => transfer.state !== "failed").length;
    let room = MAX_REPORT_FILES - (list.data?.uploads.length ?? 0) - pending;
    const entries = await Promise.all(
      files.map(async (file) => ({ file, refusal: await refusalBeforeSending(file) })),
    );
    transfers.add(
      entries.map((entry) => {
        if (entry.refusal) return entry;
        room -= 1;
        return room >= 0 ? entry : { ...entry, refusal: UPLOAD_MESSAGES.tooMany };
      }),
    );
  };

  return (
    <section aria-labelledby="manage-reports" className="grid gap-3">
      <h2 id="manage-reports" className="text-lg font-semibold text-slate-900">
        {t("uploads.title")}
      </h2>
      <p id={hintId} className="text-sm text-slate-700">
        {t("uploads.hint", { max: MAX_REPORT_FILES })}
      </p>
      {list.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t("uploads.loading")}
        </p>
      ) : list.isError ? (
        <LoadFailed layout="inline" onRetry={() => void list.refetch()} retryLabel={t("uploads.retry")}>
          {t("uploads.loadFailed")}
        </LoadFailed>
      ) : (
        <>
          <UploadedReports token={token} view={list.data} onRemoved={setAnnouncement} />
          {list.data.canUpload ? (
            <FilePicker hintId={hintId} onChoose={(files) => void choose(files)} />
          ) : (
            <p className="text-sm text-slate-700">{server.sentence(list.data.closedMessage ?? "")}</p>
          )}
        </>
      )}
      {transfers.transfers.length > 0 ? (
        <ul aria-label={t("uploads.sending")} className="grid gap-3">
          {transfers.transfers.map((transfer) => (
            <TransferRow
              key={transfer.key}
              transfer={transfer}
              onCancel={() => transfers.cancel(transfer.key)}
              onRetry={() => transfers.retry(transfer)}
              onDismiss={() => transfers.dismiss(transfer.key)}
            />
          ))}
        </ul>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

/** The file input, hidden behind a large label that looks like a button and shows the input's keyboard focus. */
function FilePicker({ hintId, onChoose }: { hintId: string; onChoose: (files: File[]) => void }) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const takeChosenFiles = (element: HTMLInputElement) => {
    const files = Array.from(element.files ?? []);
    // Cleared, so choosing the same file again (after removing it, or after a failure) is seen as a change.
    element.value = "";
    if (files.length > 0) onChoose(files);
  };
  // The page is rendered on the server, so on a slow phone the picker works before its script has run: files
  // chosen then are still in the input when it hydrates, with no change event left to tell of them.
  const onChooseAtHydration = useRef(takeChosenFiles);
  useEffect(() => {
    if (input.current) onChooseAtHydration.current(input.current);
  }, []);
  return (
    <div>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={REPORT_ACCEPT}
        aria-describedby={hintId}
        className="peer sr-only"
        onChange={(event: ChangeEvent<HTMLInputElement>) => takeChosenFiles(event.target)}
      />
      <label
        htmlFor={inputId}
        className="flex min-h-14 w-full cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-dashed border-brand-700 bg-brand-50 px-4 py-3 text-base font-semibold text-brand-800 hover:bg-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 sm:w-auto sm:justify-self-start"
      >
        <Upload aria-hidden="true" className="size-5" /> {t("uploads.choose")}
      </label>
    </div>
  );
}

function TransferRow({
  transfer,
  onCancel,
  onRetry,
  onDismiss,
}: {
  transfer: Transfer;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const t = useT();
  const server = useServerWords();
  const percent = Math.round(transfer.progress * 100);
  const name = transfer.file.name;
  return (
    <li className="grid gap-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="min-w-0 break-all font-medium text-slate-900">{name}</span>
        <span className="text-sm text-slate-600">{formatFileSize(transfer.file.size)}</span>
      </div>
      {transfer.state === "failed" ? (
        <>
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
            {server.sentence(transfer.error ?? "")}
          </p>
          <div className="flex flex-wrap gap-2">
            {transfer.retryable ? (
              <Button type="button" variant="outline" onClick={onRetry}>
                <RotateCcw aria-hidden="true" /> {t("uploads.tryAgain")}
              </Button>
            ) : null}
            <Button
              type="button"
              variant="ghost"
              onClick={onDismiss}
              aria-label={t("uploads.dismissFile", { name })}
            >
              <X aria-hidden="true" /> {t("uploads.dismiss")}
            </Button>
          </div>
        </>
      ) : (
        <>
          <progress
            value={percent}
            max={100}
            aria-label={t("uploads.uploading", { name })}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-slate-700">
              {transfer.state === "waiting"
                ? t("uploads.waiting")
                : percent >= 100
                  ? t("uploads.checking")
                  : t("uploads.percent", { percent })}
            </span>
            <Button
              type="button"
              variant="ghost"
              onClick={onCancel}
              aria-label={t("uploads.cancelFile", { name })}
            >
              <X aria-hidden="true" /> {t("uploads.cancel")}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** What was uploaded, each with Download and, before the consultation starts, Remove (asked for first). */
function UploadedReports({
  token,
  view,
  onRemoved,
}: {
  token: string;
  view: ParentReportUploads;
  onRemoved: (announcement: string) => void;
}) {
  const queryClient = useQueryClient();
  const t = useT();
  const server = useServerWords();
  const [removing, setRemoving] = useState<ReportUpload | null>(null);
  const remove = useMutation({
    mutationFn: (upload: ReportUpload) => removeReport(token, upload.id),
    onSuccess: (next, upload) => {
      queryClient.setQueriesData<ParentReportUploads>({ queryKey: ["manage", token, "uploads"] }, next);
      setRemoving(null);
      onRemoved(t("uploads.removed", { name: upload.fileName }));
    },
  });
  if (view.uploads.length === 0) return <p className="text-sm text-slate-600">{t("uploads.none")}</p>;
  return (
    <>
      <ul
        aria-label={t("uploads.list")}
        className="divide-y divide-slate-100 rounded-md border border-slate-200"
      >
        {view.uploads.map((upload) => (
          <li key={upload.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
            <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            <ReportFileName fileName={upload.fileName}>
              {typeLabel(t, upload.contentType)} · {formatFileSize(upload.sizeBytes)}
            </ReportFileName>
            <span className="flex gap-2">
              <DownloadReportButton
                href={reportDownloadUrl(token, upload.id)}
                fileName={upload.fileName}
                words={{
                  label: t("uploads.download"),
                  named: t("uploads.downloadFile", { name: upload.fileName }),
                }}
              />
              {view.canRemove ? (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => {
                    remove.reset();
                    setRemoving(upload);
                  }}
                  aria-label={t("uploads.removeFile", { name: upload.fileName })}
                >
                  <Trash2 aria-hidden="true" /> {t("uploads.remove")}
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t("uploads.removeTitle", { name: removing?.fileName ?? "" })}
        description={t("uploads.removeText")}
        confirmLabel={t("uploads.removeConfirm")}
        cancelLabel={t("uploads.keep")}
        pending={remove.isPending}
        error={remove.error ? server.failure(remove.error) : null}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
      />
    </>
  );
}
