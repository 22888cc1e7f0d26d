import type { ReactNode } from "react";

/** The oval the face belongs in, centred a little above the middle as a face is in a portrait (viewBox 300×400). */
const OVAL = "M150 60 A100 125 0 1 1 150 310 A100 125 0 1 1 150 60 Z";

/**
 * A portrait (3:4) frame for the verification photo, the live camera and the placeholder before either, with the
 * face guide over it: the surroundings dimmed, the oval outlined. Its height is bounded so that a laptop's dialog
 * shows the frame, the controls and the footer at once.
 */
export function PortraitFrame({ children, caption }: { children?: ReactNode; caption?: string }) {
  return (
    <div className="relative mx-auto aspect-[3/4] w-full max-w-[calc(46dvh*3/4)] overflow-hidden rounded-card bg-ink-900 shadow-lift">
      {children}
      <svg viewBox="0 0 300 400" preserveAspectRatio="none" aria-hidden="true" className="pointer-events-none absolute inset-0 size-full">
        <path d={`M0 0H300V400H0Z ${OVAL}`} fillRule="evenodd" className="fill-ink-950/45" />
        <path d={OVAL} fill="none" strokeWidth="3" strokeDasharray="10 7" vectorEffect="non-scaling-stroke" className="stroke-white/90" />
      </svg>
      {caption && (
        <p className="absolute inset-x-0 bottom-0 bg-linear-to-t from-ink-950/85 to-transparent px-4 pt-8 pb-3 text-center text-sm font-medium text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]">
          {caption}
        </p>
      )}
    </div>
  );
}
