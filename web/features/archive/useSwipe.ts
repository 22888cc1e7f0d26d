import { useRef, type PointerEvent } from "react";

const MIN_DISTANCE = 50; // px a finger travels sideways before it counts as a swipe
/** Where a drag belongs to the control under it (scrubbing a video, seeking the waveform), not to the viewer. */
const OWN_DRAG = "video, audio, input, [role='slider']";

/**
 * Swipe left/right (touch, pen, or a mouse drag) on the viewer's stage and, by touch, on its words: the stage follows the finger a little, and a
 * mostly sideways move past MIN_DISTANCE calls onNext (leftwards) or onPrevious. Pointer events only, so touch and
 * mouse share one path; the stage sets `touch-action: pan-y` so the browser leaves sideways moves to us.
 */
export function useSwipe(onNext: () => void, onPrevious: () => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const follow = (event: PointerEvent<HTMLElement>, dx: number) => {
    event.currentTarget.style.transform = dx ? `translateX(${dx * 0.35}px)` : "";
  };
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (!event.isPrimary || (event.target as Element).closest(OWN_DRAG)) return;
      // A mouse drag over words selects them; a finger there swipes.
      if (event.pointerType === "mouse" && (event.target as Element).closest("[data-words]")) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (start.current?.id === event.pointerId) follow(event, event.clientX - start.current.x);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      start.current = null;
      follow(event, 0);
      if (!from || from.id !== event.pointerId) return;
      const [dx, dy] = [event.clientX - from.x, event.clientY - from.y];
      if (Math.abs(dx) < MIN_DISTANCE || Math.abs(dx) < 1.5 * Math.abs(dy)) return;
      if (dx < 0) onNext();
      else onPrevious();
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      start.current = null;
      follow(event, 0);
    },
  };
}
