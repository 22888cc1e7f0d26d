import type { RegionEffect } from "../../../src/redaction/redaction-plan";
import { Button } from "../../ui/Button";
import { t } from "../i18n/i18n";
import { regionName } from "./RegionCanvas";
import type { StudioRegion } from "./studioRegions";

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * Each region with its effect, Accept (a proposal) and Remove; for a video, its span on the timeline with its
 * keyframes, its start and end, and a way to make a hand-drawn region follow a tracked face.
 */
export function RegionList({
  regions,
  selected,
  durationMs,
  onSelect,
  onChange,
  onRemove,
  onFollow,
}: {
  regions: StudioRegion[];
  selected: string | null;
  /** A video's length; null for a photo (no timeline). */
  durationMs: number | null;
  onSelect: (key: string) => void;
  onChange: (key: string, change: Partial<StudioRegion>) => void;
  onRemove: (key: string) => void;
  onFollow: ((key: string) => void) | null;
}) {
  if (regions.length === 0) return <p className="text-sm text-muted">{t("redaction.regions.none")}</p>;
  return (
    <ol className="space-y-3" aria-label={t("redaction.regions.title")}>
      {regions.map((region, index) => {
        const name = regionName(region, index);
        const from = region.from_ms ?? 0;
        const to = region.to_ms ?? durationMs ?? 0;
        return (
          <li
            key={region.key}
            data-region-row={region.accepted ? "accepted" : "proposed"}
            className={`rounded-card bg-surface p-3 ring-1 ${selected === region.key ? "ring-2 ring-sky-600" : "ring-line"}`}
            onClick={() => onSelect(region.key)}
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="me-auto font-semibold text-ink-950">
                {name}
                {!region.accepted && <span className="ms-2 text-xs font-normal text-amber-800">{t("redaction.region.proposed")}</span>}
              </span>
              <label className="text-sm">
                <span className="sr-only">{t("redaction.effect.label", { name })}</span>
                <select
                  value={region.effect}
                  onChange={(event) => onChange(region.key, { effect: event.target.value as RegionEffect })}
                  className="min-h-9 rounded-control bg-surface px-2 ring-1 ring-ink-300"
                >
                  <option value="blur">{t("redaction.effect.blur")}</option>
                  <option value="box">{t("redaction.effect.box")}</option>
                </select>
              </label>
              {!region.accepted && (
                <Button size="sm" variant="secondary" onClick={() => onChange(region.key, { accepted: true })} aria-label={t("redaction.region.accept_named", { name })}>
                  {t("redaction.region.accept")}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => onRemove(region.key)} aria-label={t("redaction.region.remove_named", { name })}>
                {t("redaction.region.remove")}
              </Button>
            </div>
            {durationMs !== null && durationMs > 0 && (
              <div className="mt-2 space-y-1">
                <div className="relative h-3 rounded-full bg-paper-deep" aria-hidden="true">
                  <div className="absolute inset-y-0 rounded-full bg-sky-600/70" style={{ left: `${(from / durationMs) * 100}%`, width: `${((to - from) / durationMs) * 100}%` }} />
                  {region.keyframes?.map((frame) => (
                    <span key={frame.at_ms} className="absolute top-0.5 size-2 -translate-x-1 rounded-full bg-ink-950" style={{ left: `${(frame.at_ms / durationMs) * 100}%` }} />
                  ))}
                </div>
                <div className="grid grid-cols-2 gap-2 text-xs">
                  <label className="flex flex-col">
                    {t("redaction.span.start", { seconds: seconds(from) })}
                    <input
                      type="range"
                      min={0}
                      max={durationMs}
                      step={100}
                      value={from}
                      onChange={(event) => onChange(region.key, { from_ms: Math.min(Number(event.target.value), to - 100) })}
                    />
                  </label>
                  <label className="flex flex-col">
                    {t("redaction.span.end", { seconds: seconds(to) })}
                    <input
                      type="range"
                      min={0}
                      max={durationMs}
                      step={100}
                      value={to}
                      onChange={(event) => onChange(region.key, { to_ms: Math.max(Number(event.target.value), from + 100) })}
                    />
                  </label>
                </div>
                <p className="text-xs text-muted">
                  {region.keyframes?.length ? t("redaction.span.keyframes", { count: region.keyframes.length }) : t("redaction.span.still")}
                </p>
                {onFollow && region.score === undefined && (
                  <Button size="sm" variant="secondary" onClick={() => onFollow(region.key)}>
                    {t("redaction.region.follow")}
                  </Button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
