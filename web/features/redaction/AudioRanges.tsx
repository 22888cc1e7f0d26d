import type { AudioEffect, AudioRange } from "../../../src/redaction/redaction-plan";
import { Button } from "../../ui/Button";
import { t } from "../i18n/i18n";

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The sound: disguise or silence the whole recording, or ranges of it on a timeline. */
export function AudioRanges({
  ranges,
  durationMs,
  timeMs,
  onChange,
}: {
  ranges: AudioRange[];
  durationMs: number;
  timeMs: number;
  onChange: (ranges: AudioRange[]) => void;
}) {
  const whole = ranges.length === 1 && ranges[0]!.from_ms === undefined && ranges[0]!.to_ms === undefined;
  const set = (index: number, change: Partial<AudioRange>) => onChange(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));
  const effectSelect = (value: AudioEffect, onPick: (effect: AudioEffect) => void, label: string) => (
    <label className="text-sm">
      <span className="sr-only">{label}</span>
      <select value={value} onChange={(event) => onPick(event.target.value as AudioEffect)} className="min-h-9 rounded-control bg-surface px-2 ring-1 ring-ink-300">
        <option value="disguise">{t("redaction.audio.disguise")}</option>
        <option value="silence">{t("redaction.audio.silence")}</option>
      </select>
    </label>
  );
  return (
    <section aria-labelledby="redaction-audio" className="space-y-3">
      <h2 id="redaction-audio" className="font-semibold text-ink-950">
        {t("redaction.audio.title")}
      </h2>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5"
          checked={whole}
          onChange={(event) => onChange(event.target.checked ? [{ effect: "disguise" }] : [])}
        />
        {t("redaction.audio.whole")}
      </label>
      {whole && effectSelect(ranges[0]!.effect, (effect) => onChange([{ effect }]), t("redaction.audio.effect_whole"))}
      {!whole && (
        <>
          <ol className="space-y-3">
            {ranges.map((range, index) => {
              const from = range.from_ms ?? 0;
              const to = range.to_ms ?? durationMs;
              const name = t("redaction.audio.range", { n: index + 1 });
              return (
                <li key={index} data-audio-range className="space-y-2 rounded-card bg-surface p-3 ring-1 ring-line">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="me-auto font-semibold">{name}</span>
                    {effectSelect(range.effect, (effect) => set(index, { effect }), t("redaction.effect.label", { name }))}
                    <Button size="sm" variant="ghost" onClick={() => onChange(ranges.filter((_, i) => i !== index))} aria-label={t("redaction.region.remove_named", { name })}>
                      {t("redaction.region.remove")}
                    </Button>
                  </div>
                  <div className="relative h-3 rounded-full bg-paper-deep" aria-hidden="true">
                    <div className="absolute inset-y-0 rounded-full bg-violet-600/70" style={{ left: `${(from / durationMs) * 100}%`, width: `${((to - from) / durationMs) * 100}%` }} />
                  </div>
                  <div className="grid grid-cols-2 gap-2 text-xs">
                    <label className="flex flex-col">
                      {t("redaction.span.start", { seconds: seconds(from) })}
                      <input type="range" min={0} max={durationMs} step={100} value={from} onChange={(event) => set(index, { from_ms: Math.min(Number(event.target.value), to - 100) })} />
                    </label>
                    <label className="flex flex-col">
                      {t("redaction.span.end", { seconds: seconds(to) })}
                      <input type="range" min={0} max={durationMs} step={100} value={to} onChange={(event) => set(index, { to_ms: Math.max(Number(event.target.value), from + 100) })} />
                    </label>
                  </div>
                </li>
              );
            })}
          </ol>
          <Button
            size="sm"
            variant="secondary"
            disabled={durationMs <= 0}
            onClick={() => {
              const from_ms = Math.min(Math.round(timeMs), Math.max(0, durationMs - 1000));
              onChange([...ranges, { effect: "disguise", from_ms, to_ms: Math.min(durationMs, from_ms + 5000) }]);
            }}
          >
            {t("redaction.audio.add")}
          </Button>
        </>
      )}
    </section>
  );
}
