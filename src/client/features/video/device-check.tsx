import { Camera, Mic, RefreshCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Message, useT } from "@/lib/i18n";
import type { RoomMessageId } from "@shared/i18n/messages";

/** Where the check stands: asking the browser, devices working, or why they are not. */
type CheckState =
  | { kind: "asking" }
  | { kind: "ready"; stream: MediaStream }
  | { kind: "blocked" | "missing" | "busy" | "unsupported" | "failed" };

/** The browser's refusal, in the check's words (DOMException names from the Media Capture spec). */
function refusal(error: unknown): CheckState {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return { kind: "blocked" };
  if (name === "NotFoundError" || name === "OverconstrainedError") return { kind: "missing" };
  if (name === "NotReadableError" || name === "AbortError") return { kind: "busy" };
  if (name === "NotSupportedError") return { kind: "unsupported" };
  return { kind: "failed" };
}

/**
 * What to do about each problem, in plain words: each step a message of the room's catalogue. "Allow", the button
 * the browser shows, is kept in English beside its meaning in Hindi and Kannada, since most phones show it so.
 */
const PROBLEM_HELP: Record<
  Exclude<CheckState["kind"], "asking" | "ready">,
  { title: RoomMessageId; steps: RoomMessageId[] }
> = {
  blocked: {
    title: "room.check.blocked.title",
    steps: [
      "room.check.blocked.lock",
      "room.check.blocked.allow",
      "room.check.thenTryAgain",
      "room.check.blocked.iphone",
    ],
  },
  missing: {
    title: "room.check.missing.title",
    steps: ["room.check.missing.plugIn", "room.check.thenTryAgain"],
  },
  busy: {
    title: "room.check.busy.title",
    steps: ["room.check.busy.close", "room.check.thenTryAgain"],
  },
  unsupported: {
    title: "room.check.unsupported.title",
    steps: ["room.check.unsupported.browser"],
  },
  failed: {
    title: "room.check.failed.title",
    steps: ["room.check.failed.restart", "room.check.failed.other"],
  },
};

/** The browser's own word for its permission button, marked English for screen readers on any page. */
const allowButton = { 0: <span lang="en" /> };

/** The microphone's loudness, 0 to 100, about ten times a second, while the stream lives. */
function useMicrophoneLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === "undefined") return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      // Speech sits around an RMS of 0.05 to 0.3: scaled so a normal voice fills most of the bar.
      setLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 300)));
    }, 100);
    return () => {
      window.clearInterval(timer);
      void context.close();
    };
  }, [stream]);
  return level;
}

/** Asking, or at once unsupported: a browser without camera access here (an old one, or a page not on HTTPS). */
function initialCheck(): CheckState {
  return typeof navigator.mediaDevices?.getUserMedia === "function"
    ? { kind: "asking" }
    : { kind: "unsupported" };
}

function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Before joining: the camera's preview and the microphone's level, so a parent finds out now (not in front of the
 * doctor) that the browser blocks them, with what to do. `onDone` when they go on; the devices are released first,
 * for the video call to take them.
 */
export function DeviceCheck({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [state, setState] = useState<CheckState>(initialCheck);
  const streamRef = useRef<MediaStream | null>(null);
  const alive = useRef(true);
  const preview = useRef<HTMLVideoElement>(null);

  /** Asks the browser for the camera and microphone; what came of it is set when the browser answers. */
  const acquire = useCallback(() => {
    if (typeof navigator.mediaDevices?.getUserMedia !== "function") return;
    navigator.mediaDevices.getUserMedia({ video: true, audio: true }).then(
      (stream) => {
        // The parent went on before the browser answered: the devices are let go at once.
        if (!alive.current) return stopStream(stream);
        streamRef.current = stream;
        setState({ kind: "ready", stream });
      },
      (error: unknown) => setState(refusal(error)),
    );
  }, []);

  const tryAgain = () => {
    stopStream(streamRef.current);
    streamRef.current = null;
    setState(initialCheck());
    acquire();
  };

  useEffect(() => {
    alive.current = true;
    acquire();
    return () => {
      alive.current = false;
      stopStream(streamRef.current);
    };
  }, [acquire]);

  const stream = state.kind === "ready" ? state.stream : null;
  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream]);
  const level = useMicrophoneLevel(stream);

  const goOn = () => {
    alive.current = false;
    stopStream(streamRef.current);
    streamRef.current = null;
    onDone();
  };

  return (
    <section aria-labelledby="device-check-title" className="flex flex-col gap-4">
      <h2 id="device-check-title" className="text-xl font-semibold text-slate-900">
        {t("room.check.title")}
      </h2>
      {state.kind === "asking" && (
        <div className="flex flex-col gap-3">
          <p role="status" className="text-slate-700">
            <Message id="room.check.asking" components={allowButton} />
          </p>
          <div>
            <Button variant="ghost" onClick={goOn}>
              {t("room.check.skip")}
            </Button>
          </div>
        </div>
      )}
      {state.kind === "ready" && (
        <>
          <div className="overflow-hidden rounded-xl bg-slate-900">
            <video
              ref={preview}
              autoPlay
              muted
              playsInline
              aria-label={t("room.check.preview")}
              className="aspect-video w-full object-cover"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <p id="mic-level-label" className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <Mic className="size-4" aria-hidden="true" /> {t("room.check.micLevel")}
            </p>
            <div
              role="meter"
              aria-labelledby="mic-level-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={level}
              className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-emerald-600" style={{ width: `${level}%` }} />
            </div>
          </div>
          <p role="status" className="flex items-center gap-2 text-sm text-emerald-800">
            <Camera className="size-4" aria-hidden="true" /> {t("room.check.works")}
          </p>
          <div>
            <Button size="lg" onClick={goOn} className="w-full sm:w-auto">
              {t("room.check.continue")}
            </Button>
          </div>
        </>
      )}
      {state.kind !== "asking" && state.kind !== "ready" && (
        <div role="alert" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold text-slate-900">{t(PROBLEM_HELP[state.kind].title)}</p>
          <ol className="list-decimal pl-5 text-sm text-slate-800">
            {PROBLEM_HELP[state.kind].steps.map((step) => (
              <li key={step}>
                <Message id={step} components={allowButton} />
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button onClick={tryAgain}>
              <RefreshCw aria-hidden="true" /> {t("room.check.tryAgain")}
            </Button>
            <Button variant="outline" onClick={goOn}>
              {t("room.check.continueAnyway")}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
