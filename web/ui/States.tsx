/** What a screen shows while it has nothing yet: loading, or nothing to show (with the way forward). */
import type { ReactNode } from "react";
import { Spinner } from "./Button";
import { Icon, type IconName } from "./Icon";

export function EmptyState({ icon = "folder", title, children, actions }: { icon?: IconName; title: ReactNode; children?: ReactNode; actions?: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center rounded-card border border-dashed border-ink-300 px-6 py-10 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-paper-deep text-ink-700">
        <Icon name={icon} className="size-7" />
      </span>
      <h2 className="font-display text-display-sm text-ink-900">{title}</h2>
      {children && <div className="mt-2 text-base text-muted">{children}</div>}
      {actions && <div className="mt-6 flex w-full flex-wrap justify-center gap-3">{actions}</div>}
    </section>
  );
}

/** A quiet line with a spinner; `label` is what a screen reader hears and what is written. */
export function LoadingState({ label, className = "" }: { label: string; className?: string }) {
  return (
    <p role="status" className={`flex items-center justify-center gap-3 py-10 text-sm text-muted ${className}`}>
      <Spinner />
      {label}
    </p>
  );
}
