import type { ReactNode } from "react";
import { t } from "../i18n/i18n";

/** Where the password reset has got to (three screens), above what this step asks for. */
export function ResetStep({ step, children }: { step: 1 | 2 | 3; children: ReactNode }) {
  return (
    <>
      <span className="mb-1.5 flex items-center gap-2 text-xs font-semibold tracking-[0.16em] text-ink-700 uppercase">
        {t("reset.step", { step, steps: 3 })}
        <span aria-hidden="true" className="flex gap-1">
          {[1, 2, 3].map((n) => (
            <span key={n} className={`h-1 w-5 rounded-full ${n <= step ? "bg-accent" : "bg-ink-200"}`} />
          ))}
        </span>
      </span>
      {children}
    </>
  );
}
