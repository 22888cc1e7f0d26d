import type { ReactNode } from "react";

/** Colour pairs chosen to pass axe's contrast check on white and on the grey table stripes. */
const badgeStyles = {
  neutral: "bg-gray-100 text-gray-800 ring-gray-300",
  new: "bg-blue-50 text-blue-900 ring-blue-300",
  reviewed: "bg-green-50 text-green-900 ring-green-300",
  flagged: "bg-amber-50 text-amber-900 ring-amber-400",
  public: "bg-emerald-700 text-white ring-emerald-800",
  private: "bg-gray-700 text-white ring-gray-800",
} as const;
export type BadgeVariant = keyof typeof badgeStyles;

export function Badge({ variant = "neutral", children, className = "" }: { variant?: BadgeVariant; children: ReactNode; className?: string }) {
  return (
    <span data-slot="badge" className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${badgeStyles[variant]} ${className}`}>
      {children}
    </span>
  );
}
