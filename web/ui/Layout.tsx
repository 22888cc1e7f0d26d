import type { ReactNode } from "react";

/** A screen's frame: its width and its heading (the display face), with optional words and actions beside it. */
export function Page({
  title,
  lead,
  actions,
  children,
  wide = false,
  headerClass,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** Classes added to the header (a desk folds it into one short row on a phone). */
  headerClass?: string;
}) {
  return (
    <main className={`mx-auto w-full min-w-0 px-4 pt-6 pb-10 sm:px-6 sm:pt-10 ${wide ? "max-w-6xl" : "max-w-xl"}`}>
      <PageHeader title={title} lead={lead} actions={actions} className={headerClass} />
      {children}
    </main>
  );
}

export function PageHeader({ title, lead, actions, className }: { title: string; lead?: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <header className={`mb-6 flex flex-wrap items-end gap-x-6 gap-y-3 ${className ?? ""}`}>
      <div className="min-w-0 flex-[1_1_16rem]">
        <h1 className="font-display text-display-md break-words text-ink-950 sm:text-display-lg">{title}</h1>
        {lead && <div className="mt-2 max-w-prose text-base text-muted">{lead}</div>}
      </div>
      {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
    </header>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-card bg-surface p-5 shadow-lift ring-1 ring-line ${className}`}>{children}</div>;
}
