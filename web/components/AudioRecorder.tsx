import { useEffect, useRef, useState } from "react";
import { Alert, Button } from "./ui";

const AUDIO_BITS_PER_SECOND = 128000;
/** A crash or a locked phone loses at most this much of a recording. */
const TIME_SLICE_MS = 1000;

/** audio/webm where the browser records it, audio/mp4 otherwise (iOS Safari). */
function recordingMimeType() {
  if (typeof MediaRecorder === "undefined") return null;
  for (const type of ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"]) if (MediaRecorder.isTypeSupported(type)) return type;
  return "";
}

export function formatTimer(totalSeconds: number) {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

type Stage = "idle" | "recording" | "paused";

/**
 * In-browser recorder: start, pause/resume, save, discard, and a mm:ss timer. Each one-second slice is handed to
 * onChunk as it arrives (the caller keeps it on the phone); onStop gets the clip, or null when discarded.
 */
export function AudioRecorder({
  onStart,
  onChunk,
  onStop,
}: {
  onStart: (mimeType: string) => void;
  onChunk: (chunk: Blob) => void;
  onStop: (clip: File | null) => void;
}) {
  const [stage, setStage] = useState<Stage>("idle");
  const [seconds, setSeconds] = useState(0);
  const [problem, setProblem] = useState("");
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);

  useEffect(() => {
    if (stage !== "recording") return;
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, [stage]);
  useEffect(() => () => stopTracks(), []);

  function stopTracks() {
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
  }

  async function start() {
    setProblem("");
    const mimeType = recordingMimeType();
    if (mimeType === null) return setProblem("This browser cannot record audio. Use Upload Audio instead.");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { noiseSuppression: true, echoCancellation: true } });
      const media = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
      chunks.current = [];
      media.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.current.push(event.data);
        onChunk(event.data);
      };
      onStart(media.mimeType || mimeType);
      media.start(TIME_SLICE_MS);
      recorder.current = media;
      setSeconds(0);
      setStage("recording");
    } catch (error) {
      console.error("Microphone denied or not found", error);
      setProblem("The microphone could not be started. Allow microphone access, or use Upload Audio.");
    }
  }

  function pauseOrResume() {
    const media = recorder.current;
    if (!media) return;
    if (stage === "recording") {
      media.pause();
      setStage("paused");
    } else {
      media.resume();
      setStage("recording");
    }
  }

  function finish(keep: boolean) {
    const media = recorder.current;
    if (!media) return;
    media.onstop = () => {
      stopTracks();
      recorder.current = null;
      setStage("idle");
      setSeconds(0);
      if (!keep) return onStop(null);
      const type = (media.mimeType || "audio/webm").split(";")[0];
      const extension = type === "audio/mp4" ? "m4a" : "webm";
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      onStop(new File(chunks.current, `recording-${stamp}.${extension}`, { type }));
    };
    media.stop();
  }

  const active = stage !== "idle";
  return (
    <section aria-labelledby="recorder-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h2 id="recorder-title" className="mb-3 text-lg font-bold">
        Record audio
      </h2>
      {problem && (
        <div className="mb-3">
          <Alert>{problem}</Alert>
        </div>
      )}
      <div className="mb-4 flex items-center gap-3">
        <span
          aria-hidden="true"
          className={`size-3 rounded-full ${stage === "recording" ? "animate-pulse bg-red-600" : active ? "bg-amber-500" : "bg-gray-400"}`}
        />
        <span role="timer" aria-label="Recording time" className="font-mono text-3xl font-bold tabular-nums">
          {formatTimer(seconds)}
        </span>
        <span className="text-sm text-gray-700">{stage === "recording" ? "Recording" : stage === "paused" ? "Paused" : "Ready"}</span>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {!active ? (
          <Button variant="danger" onClick={start} className="col-span-2">
            Start recording
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={pauseOrResume}>
              {stage === "recording" ? "Pause" : "Resume"}
            </Button>
            <Button onClick={() => finish(true)}>Save recording</Button>
            <Button variant="secondary" onClick={() => finish(false)} className="col-span-2">
              Discard
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
