import type { ReactNode } from "react";

/** Colour pairs chosen to pass axe's contrast check on paper, on white and on the table stripes. */
const badgeStyles = {
  neutral: "bg-paper-deep text-ink-800 ring-ink-300",
  new: "bg-sky-50 text-sky-950 ring-sky-700/40",
  reviewed: "bg-emerald-50 text-emerald-950 ring-emerald-700/40",
  flagged: "bg-amber-50 text-amber-950 ring-amber-600/60",
  public: "bg-emerald-800 text-white ring-emerald-900",
  private: "bg-ink-700 text-white ring-ink-800",
  tape: "bg-tape text-ink-950 ring-ink-950/20",
  withdrawn: "bg-red-50 text-red-900 ring-red-700/50",
} as const;
export type BadgeVariant = keyof typeof badgeStyles;

export function Badge({ variant = "neutral", children, className = "" }: { variant?: BadgeVariant; children: ReactNode; className?: string }) {
  return (
    <span
      data-slot="badge"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide whitespace-nowrap ring-1 ring-inset ${badgeStyles[variant]} ${className}`}
    >
      {children}
    </span>
  );
}
