import { useEffect, useRef, useState } from "react";
import { elapsedMs, paused, resumed, startedAt, type Stopwatch } from "./stopwatch";
import { t } from "../i18n/i18n";

/** The spec's recording: 128 kbit/s, noise suppression and echo cancellation on. */
const AUDIO_BITS_PER_SECOND = 128000;
/** A crash or a locked phone loses at most this much of a recording. */
const TIME_SLICE_MS = 1000;
const TIMER_TICK_MS = 250;

/** audio/webm where the browser records it, audio/mp4 otherwise (iOS Safari); null when it cannot record at all. */
function recordingMimeType() {
  if (typeof MediaRecorder === "undefined") return null;
  for (const type of ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"]) if (MediaRecorder.isTypeSupported(type)) return type;
  return "";
}

/** idle → recording ⇄ paused → review (listen, then save or discard) → saving. */
export type RecorderStage = "idle" | "recording" | "paused" | "review" | "saving";
export interface Take {
  clip: File;
  durationMs: number;
}
export interface RecorderHooks {
  /** A recording began: the caller starts keeping it (as a draft). */
  onStart(mimeType: string): void;
  /** Each time slice as it arrives, with the time recorded so far. */
  onChunk(chunk: Blob, elapsedMs: number): void;
  /** The recording was given up (Discard, or leaving and saying so). */
  onDiscard(): void;
}

interface Session {
  media: MediaRecorder;
  audio: AudioContext | null;
  chunks: Blob[];
  clock: Stopwatch;
}

/**
 * MediaRecorder with a clock that leaves pauses out (a MediaRecorder WebM states no duration, so this clock is the
 * clip's duration), an AnalyserNode on the same stream for the level meter, and a review stage to listen before saving.
 */
export function useRecorder(hooks: RecorderHooks) {
  const [stage, setStage] = useState<RecorderStage>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [take, setTake] = useState<Take | null>(null);
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const [problem, setProblem] = useState("");
  const session = useRef<Session | null>(null);
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;

  useEffect(() => {
    if (stage !== "recording") return;
    const timer = setInterval(() => session.current && setElapsed(elapsedMs(session.current.clock, performance.now())), TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [stage]);
  // Leaving the screen mid-recording ends the microphone; the slices kept so far stay a draft.
  useEffect(() => () => release(session.current), []);

  async function start() {
    setProblem("");
    const mimeType = recordingMimeType();
    if (mimeType === null) return setProblem(t("recorder.unsupported"));
    // Made within the tap: iOS lets an AudioContext run only when it was created by a gesture.
    const audio = typeof AudioContext === "undefined" ? null : new AudioContext();
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { noiseSuppression: true, echoCancellation: true } });
      const media = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
      const current: Session = { media, audio, chunks: [], clock: startedAt(performance.now()) };
      media.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        current.chunks.push(event.data);
        hooksRef.current.onChunk(event.data, Math.round(elapsedMs(current.clock, performance.now())));
      };
      hooksRef.current.onStart(media.mimeType || mimeType);
      media.start(TIME_SLICE_MS);
      session.current = current;
      setAnalyser(audio && meterOn(audio, stream));
      setElapsed(0);
      setTake(null);
      setStage("recording");
    } catch (error) {
      void audio?.close();
      console.error("Microphone denied or not found", error);
      setProblem(t("recorder.mic_failed"));
    }
  }

  function pauseOrResume() {
    const current = session.current;
    if (!current) return;
    const now = performance.now();
    if (stage === "recording") {
      current.media.pause();
      current.clock = paused(current.clock, now);
      setElapsed(elapsedMs(current.clock, now));
      setStage("paused");
    } else {
      current.media.resume();
      current.clock = resumed(current.clock, now);
      setStage("recording");
    }
  }

  /** Ends the recording (the last slice arrives first) and offers it to listen to. */
  function stop() {
    const current = session.current;
    if (!current) return;
    const durationMs = Math.round(elapsedMs(current.clock, performance.now()));
    finishSession(current, () => {
      const type = (current.media.mimeType || "audio/webm").split(";")[0]!;
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      setTake({ clip: new File(current.chunks, `recording-${stamp}.${type === "audio/mp4" ? "m4a" : "webm"}`, { type }), durationMs });
      setElapsed(durationMs);
      setStage("review");
    });
  }

  /** Gives the recording up, whether it is still running or being listened to. */
  function discard() {
    const current = session.current;
    const done = () => {
      setTake(null);
      setElapsed(0);
      setStage("idle");
      hooksRef.current.onDiscard();
    };
    if (!current) return done();
    finishSession(current, done);
  }

  /** Stops the recorder; `then` runs once its last slice is in. */
  function finishSession(current: Session, then: () => void) {
    session.current = null;
    setAnalyser(null);
    current.media.onstop = () => {
      release(current);
      then();
    };
    current.media.stop();
  }

  return { stage, setStage, elapsedMs: elapsed, take, analyser, problem, start, pauseOrResume, stop, discard };
}

function meterOn(audio: AudioContext, stream: MediaStream) {
  void audio.resume();
  const analyser = audio.createAnalyser();
  analyser.fftSize = 1024;
  audio.createMediaStreamSource(stream).connect(analyser);
  return analyser;
}

/** The microphone's light goes off, and the meter's audio graph is let go. */
function release(current: Session | null) {
  current?.media.stream.getTracks().forEach((track) => track.stop());
  void current?.audio?.close();
}
