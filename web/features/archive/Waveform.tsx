import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { formatDuration } from "../../lib/format";
import { Icon } from "../../ui/Icon";
import { decodeWaveform } from "./decodeWaveform";
import { t } from "../i18n/i18n";

const BARS = 120;
const HEIGHT = 96; // css px
// Canvas needs colours, not classes: the tape (played) and ink-400 (still to come) tokens of styles.css.
const PLAYED = "#f2c94c";
const AHEAD = "#837f75";
const SEEK_STEP = 5; // seconds per arrow key

type Decoded = { peaks: number[]; seconds: number };

function draw(canvas: HTMLCanvasElement, peaks: number[], progress: number) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(HEIGHT * ratio);
  const context = canvas.getContext("2d");
  if (!context || width === 0) return;
  context.scale(ratio, ratio);
  const step = width / peaks.length;
  const bar = Math.max(1, step * 0.6);
  peaks.forEach((peak, index) => {
    const height = Math.max(2, peak * (HEIGHT - 4));
    context.fillStyle = (index + 0.5) / peaks.length <= progress ? PLAYED : AHEAD;
    context.fillRect(index * step + (step - bar) / 2, (HEIGHT - height) / 2, bar, height);
  });
}

/** The server's peaks (src/renditions/peaks.ts: { seconds, peaks } of BARS bars), without the recording itself. */
async function fetchPeaks(url: string, signal: AbortSignal): Promise<Decoded> {
  const response = await fetch(url, { signal, credentials: "same-origin" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const { seconds, peaks } = (await response.json()) as Decoded;
  if (!Array.isArray(peaks) || peaks.length === 0 || !(seconds > 0)) throw new Error("no peaks");
  return { seconds, peaks };
}

/**
 * An audio item as a waveform on a <canvas>: the server's peaks when it made them, else drawn in the browser (Web
 * Audio decodes the public file into peaks), with play/pause and the progress over the waveform; the waveform is a
 * slider (click, drag, arrows, Home/End) to seek. If the browser cannot fetch or decode the recording, the plain
 * audio player stands in. Loaded as its own chunk.
 */
export default function Waveform({ src, peaks, title }: { src: string; peaks?: string | null; title: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [decoded, setDecoded] = useState<Decoded | "loading" | "failed">("loading");
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    const decode = () => decodeWaveform(src, BARS, abort.signal);
    // Peaks the server could not give (an old copy, a lost connection) are still drawn from the recording itself.
    const drawn = peaks ? fetchPeaks(peaks, abort.signal).catch((error: unknown) => (abort.signal.aborted ? Promise.reject(error) : decode())) : decode();
    drawn.then(setDecoded, (error: unknown) => {
      if (abort.signal.aborted) return;
      console.warn("The waveform could not be drawn; showing the plain player", error);
      setDecoded("failed");
    });
    return () => abort.abort();
  }, [src, peaks]);

  const ready = typeof decoded === "object" ? decoded : null;
  const seconds = ready?.seconds ?? 0;
  useEffect(() => {
    const element = canvas.current;
    if (!element || !ready) return;
    draw(element, ready.peaks, seconds ? time / seconds : 0);
  }, [ready, seconds, time, width]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [decoded]);

  if (decoded === "failed") {
    return <audio controls preload="metadata" src={src} className="w-full" aria-label={t("viewer.audio_label", { title })} />;
  }

  const seekTo = (target: number) => {
    const player = audio.current;
    if (!player || !seconds) return;
    player.currentTime = Math.min(seconds, Math.max(0, target));
    setTime(player.currentTime);
  };
  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seekTo(((event.clientX - box.left) / box.width) * seconds);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: time - SEEK_STEP, ArrowDown: time - SEEK_STEP, ArrowRight: time + SEEK_STEP, ArrowUp: time + SEEK_STEP, Home: 0, End: seconds };
    if (!(event.key in moves)) return;
    event.preventDefault();
    event.stopPropagation();
    seekTo(moves[event.key]!);
  };
  const toggle = () => {
    const player = audio.current;
    if (!player) return;
    if (player.paused) player.play().catch((error: unknown) => console.warn("Playback did not start", error));
    else player.pause();
  };

  return (
    <div className="w-full" data-waveform={ready ? "ready" : "loading"}>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
      />
      <div
        role="slider"
        tabIndex={0}
        aria-label={t("viewer.audio_position", { title })}
        aria-valuemin={0}
        aria-valuemax={Math.round(seconds)}
        aria-valuenow={Math.round(time)}
        aria-valuetext={`${formatDuration(time * 1000)} of ${formatDuration(seconds * 1000)}`}
        onKeyDown={onKey}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          seekAt(event);
        }}
        onPointerMove={(event) => event.currentTarget.hasPointerCapture(event.pointerId) && seekAt(event)}
        className="relative block w-full cursor-pointer touch-none rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4"
        style={{ height: HEIGHT }}
      >
        <canvas ref={canvas} aria-hidden="true" className="block h-full w-full" />
        {!ready && <p className="absolute inset-0 flex items-center justify-center text-sm text-ink-300">{t("viewer.drawing_waveform")}</p>}
      </div>
      <div className="mt-4 flex items-center gap-4">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? t("viewer.pause") : t("viewer.play")}
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-tape text-ink-950 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-4"
        >
          <Icon name={playing ? "pause" : "play"} className="size-6" />
        </button>
        <p className="font-mono text-sm text-ink-200 tabular-nums">
          {formatDuration(time * 1000)} / {ready ? formatDuration(seconds * 1000) : "–:––"}
        </p>
      </div>
    </div>
  );
}
