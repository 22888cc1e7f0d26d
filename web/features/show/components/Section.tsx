import { type ReactNode, useId } from "react";

/**
 * One part of the Show screen's form: a titled card, with an optional lead and "Restore default" action; `anchor`:
 * its address (#show-<anchor>), where the set-up checklist's rows lead.
 */
export function Section({ title, lead, restore, anchor, children }: { title: string; lead?: string; restore?: ReactNode; anchor?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section id={anchor && `show-${anchor}`} aria-labelledby={id} className="scroll-mt-20 space-y-4 rounded-card bg-surface p-4 shadow-lift ring-1 ring-line sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={id} className="font-display text-display-sm text-ink-950">
            {title}
          </h2>
          {lead && <p className="mt-1 text-sm text-muted">{lead}</p>}
        </div>
        {restore}
      </div>
      {children}
    </section>
  );
}

