import { useEffect, useRef } from "react";
import { levelPercent } from "./level";
import { t } from "../i18n/i18n";

const BARS = 28;
/** A new bar every this often: the row shows the last ~2.5 s, drifting left like a voice memo's trace. */
const STEP_MS = 90;

/**
 * The microphone's level, live: bars drawn from an AnalyserNode on the recording stream, so the participant sees the
 * phone hears them. The bars are written straight to the DOM on each animation frame (no React render per frame);
 * `role="meter"` carries the current level for assistive technology and tests.
 */
export function LevelMeter({ analyser, dimmed }: { analyser: AnalyserNode | null; dimmed: boolean }) {
  const meter = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = meter.current;
    if (!analyser || !element) return;
    const bars = Array.from(element.children) as HTMLElement[];
    const samples = new Float32Array(analyser.fftSize);
    const history: number[] = new Array(BARS).fill(0);
    let lastStep = 0;
    let frame = requestAnimationFrame(function draw(now) {
      analyser.getFloatTimeDomainData(samples);
      const level = levelPercent(samples);
      if (now - lastStep >= STEP_MS) {
        history.shift();
        lastStep = now;
      } else history.pop();
      history.push(level);
      bars.forEach((bar, index) => (bar.style.height = `${Math.max(6, history[index]!)}%`));
      element.setAttribute("aria-valuenow", String(level));
      frame = requestAnimationFrame(draw);
    });
    return () => {
      cancelAnimationFrame(frame);
      bars.forEach((bar) => (bar.style.height = ""));
      element.setAttribute("aria-valuenow", "0");
    };
  }, [analyser]);

  return (
    <div
      ref={meter}
      role="meter"
      aria-label={t("recorder.level")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      className={`flex h-16 items-center gap-[3px] transition-opacity ${dimmed ? "opacity-40" : ""}`}
    >
      {Array.from({ length: BARS }, (_, index) => (
        <span key={index} className="h-[6%] min-w-0 flex-1 rounded-full bg-accent" />
      ))}
    </div>
  );
}
