/** Buttons, the spinner they show while busy, and the in-page alert: the design system's basic controls. */
import type { ButtonHTMLAttributes, ReactNode } from "react";
import type { Tone } from "../state/notices";
import { Icon } from "./Icon";
import { t } from "../features/i18n/i18n";

const buttonStyles = {
  /** The one main action of a screen or dialog. */
  primary: "bg-ink-900 text-white hover:bg-ink-700",
  /** The project's own colour: capture, send, the calls to act a visitor came for. */
  accent: "bg-accent text-on-accent hover:bg-accent-strong",
  secondary: "bg-surface text-ink-900 ring-1 ring-ink-300 ring-inset hover:bg-paper-deep",
  /** Quiet actions beside others (Cancel, Back); on the dark surface too. */
  ghost: "text-current hover:bg-ink-900/8",
  /** The destructive act itself, in the confirmation that states what goes. */
  danger: "bg-red-800 text-white hover:bg-red-900",
  /** The way to a destructive act (it asks first): red, but lighter than the screen's main action. */
  dangerQuiet: "bg-surface text-red-800 ring-1 ring-red-800/45 ring-inset hover:bg-red-50",
  link: "!min-h-0 !px-0 !py-0 text-ink-900 underline decoration-1 underline-offset-4 hover:decoration-2",
} as const;
export type ButtonVariant = keyof typeof buttonStyles;

const buttonSizes = { sm: "min-h-9 px-3 text-sm", md: "min-h-11 px-4 text-sm", lg: "min-h-13 px-6 text-base" } as const;
export type ButtonSize = keyof typeof buttonSizes;

export function buttonClass(variant: ButtonVariant = "primary", extra = "", size: ButtonSize = "md") {
  return `inline-flex items-center justify-center gap-2 rounded-full py-2 font-semibold tracking-wide transition-colors disabled:cursor-not-allowed disabled:opacity-45 focus-visible:outline-2 focus-visible:outline-offset-2 ${buttonSizes[size]} ${buttonStyles[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
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
  error: "border-red-800 bg-red-50 text-red-950",
  success: "border-emerald-800 bg-emerald-50 text-emerald-950",
  info: "border-ink-700 bg-surface text-ink-900",
};
const alertIcons = { error: "alert", success: "check", info: "eye" } as const;

/** A message in the page: a coloured rule on its left, an icon, the words, and an optional dismiss button. */
export function Alert({ tone = "error", children, onDismiss }: { tone?: Tone; children: ReactNode; onDismiss?: () => void }) {
  return (
    <div role="alert" className={`flex items-start gap-3 rounded-lg border-s-4 px-4 py-3 text-sm font-medium shadow-sm ${alertStyles[tone]}`}>
      <Icon name={alertIcons[tone]} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 break-words">{children}</div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="-my-1 -me-2 rounded-full p-1.5 hover:bg-black/5" aria-label={t("common.dismiss")}>
          <Icon name="close" className="size-4" />
        </button>
      )}
    </div>
  );
}
