/** Buttons, the spinner they show while busy, and the in-page alert: the design system's basic controls. */
import type { ButtonHTMLAttributes, ReactNode } from "react";
import type { Tone } from "../state/notices";

const buttonStyles = {
  primary: "px-4 bg-gray-900 text-white hover:bg-gray-700",
  secondary: "px-4 bg-white text-gray-900 ring-1 ring-gray-400 hover:bg-gray-100",
  danger: "px-4 bg-red-700 text-white hover:bg-red-800",
  link: "text-blue-800 underline underline-offset-2 hover:text-blue-950",
} as const;
export type ButtonVariant = keyof typeof buttonStyles;

export function buttonClass(variant: ButtonVariant = "primary", extra = "") {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${buttonStyles[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span
      className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

const alertStyles: Record<Tone, string> = {
  error: "border-red-300 bg-red-50 text-red-900",
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-blue-300 bg-blue-50 text-blue-900",
};

export function Alert({ tone = "error", children, onDismiss }: { tone?: Tone; children: ReactNode; onDismiss?: () => void }) {
  return (
    <div role="alert" className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium ${alertStyles[tone]}`}>
      <div className="flex-1">{children}</div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="-my-1 rounded px-2 text-lg leading-none" aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}

