import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from "react";
import type { Box } from "../../../src/redaction/redaction-plan";
import { t } from "../i18n/i18n";
import { activeAt, boxAt, clampBox } from "./geometry";
import type { StudioRegion } from "./studioRegions";

type Drag = { key: string | null; mode: "move" | "resize" | "draw"; startX: number; startY: number; box: Box };

/** Region's name for lists and screen readers: "Face 2 (87 %)" or "Region 3". */
export function regionName(region: StudioRegion, index: number): string {
  return region.score === undefined
    ? t("redaction.region.manual", { n: index + 1 })
    : t("redaction.region.face", { n: index + 1, score: Math.round(region.score * 100) });
}

/**
 * The picture with its regions over it: drag a region to move it, its corner to resize it, an empty place to draw a
 * new one (mouse, pen and touch alike, through pointer events). Each region is a button: Tab reaches it, arrows move
 * it (Shift+arrows resize), Delete removes it.
 */
export function RegionCanvas({
  regions,
  timeMs,
  selected,
  onSelect,
  onPlace,
  onDraw,
  onRemove,
  children,
}: {
  regions: StudioRegion[];
  timeMs: number;
  selected: string | null;
  onSelect: (key: string | null) => void;
  onPlace: (key: string, box: Box) => void;
  onDraw: (box: Box) => void;
  onRemove: (key: string) => void;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  function point(event: PointerEvent) {
    const rect = frame.current!.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  }
  function start(event: PointerEvent, key: string | null, mode: Drag["mode"], box: Box) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    frame.current!.setPointerCapture(event.pointerId);
    const { x, y } = point(event);
    setDrag({ key, mode, startX: x, startY: y, box });
    if (key) onSelect(key);
  }
  function dragged(event: PointerEvent, current: Drag): Box {
    const { x, y } = point(event);
    const dx = x - current.startX;
    const dy = y - current.startY;
    if (current.mode === "move") return clampBox({ ...current.box, x: current.box.x + dx, y: current.box.y + dy });
    if (current.mode === "resize") return clampBox({ ...current.box, width: current.box.width + dx, height: current.box.height + dy });
    return clampBox({ x: Math.min(x, current.startX), y: Math.min(y, current.startY), width: Math.abs(dx), height: Math.abs(dy) });
  }
  const [preview, setPreview] = useState<Box | null>(null);
  function move(event: PointerEvent) {
    if (!drag) return;
    const box = dragged(event, drag);
    if (drag.key) onPlace(drag.key, box);
    else setPreview(box);
  }
  function end(event: PointerEvent) {
    if (!drag) return;
    const box = dragged(event, drag);
    if (!drag.key && Math.abs(point(event).x - drag.startX) > 0.01) onDraw(box);
    setDrag(null);
    setPreview(null);
  }
  function key(event: KeyboardEvent, region: StudioRegion, box: Box) {
    const step = 0.01;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      return onRemove(region.key);
    }
    const delta = arrows[event.key];
    if (!delta) return;
    event.preventDefault();
    const [dx, dy] = document.dir === "rtl" && !event.shiftKey ? [-delta[0], delta[1]] : delta;
    onPlace(region.key, clampBox(event.shiftKey ? { ...box, width: box.width + dx, height: box.height + dy } : { ...box, x: box.x + dx, y: box.y + dy }));
  }

  return (
    <div
      ref={frame}
      dir="ltr"
      className="relative mx-auto w-fit max-w-full touch-none select-none"
      onPointerDown={(event) => start(event, null, "draw", { x: 0, y: 0, width: 0, height: 0 })}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={() => setDrag(null)}
    >
      {children}
      {regions.map((region, index) => {
        if (!activeAt(region, timeMs)) return null;
        const box = boxAt(region, timeMs);
        const isSelected = selected === region.key;
        return (
          <button
            key={region.key}
            type="button"
            aria-label={regionName(region, index)}
            aria-pressed={isSelected}
            data-region={region.accepted ? "accepted" : "proposed"}
            onPointerDown={(event) => start(event, region.key, "move", box)}
            onKeyDown={(event) => key(event, region, box)}
            onFocus={() => onSelect(region.key)}
            className={`absolute cursor-move rounded-sm border-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus ${
              region.accepted ? (region.effect === "box" ? "border-ink-950 bg-ink-950/80" : "border-white bg-white/30 backdrop-blur-md") : "border-dashed border-amber-400 bg-amber-300/15"
            } ${isSelected ? "ring-4 ring-sky-500" : ""}`}
            style={{ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` }}
          >
            <span className="absolute -top-6 left-0 rounded bg-ink-950/85 px-1.5 text-xs font-semibold whitespace-nowrap text-white">
              {region.score === undefined ? index + 1 : `${index + 1} · ${Math.round(region.score * 100)} %`}
            </span>
            <span
              aria-hidden="true"
              onPointerDown={(event) => start(event, region.key, "resize", box)}
              className="absolute -right-2.5 -bottom-2.5 size-5 cursor-nwse-resize rounded-full border-2 border-white bg-sky-600"
            />
          </button>
        );
      })}
      {preview && (
        <div
          aria-hidden="true"
          className="absolute border-2 border-dashed border-sky-500 bg-sky-300/20"
          style={{ left: `${preview.x * 100}%`, top: `${preview.y * 100}%`, width: `${preview.width * 100}%`, height: `${preview.height * 100}%` }}
        />
      )}
      <p className="sr-only">{t("redaction.canvas.help")}</p>
    </div>
  );
}
