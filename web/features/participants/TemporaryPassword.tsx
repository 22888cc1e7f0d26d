import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import type { User } from "../../api/types";
import { makeTemporaryPassword } from "../../api/users";
import { formatDateTime } from "../../lib/format";
import { userAtom } from "../../state/session";
import { Alert, Button, Spinner } from "../../ui/Button";
import { t } from "../i18n/i18n";

/** How long the server's temporary password works (src/users/temporary-password.ts): said before it is made. */
const HOURS = 24;

type Step = { kind: "idle" } | { kind: "asking" } | { kind: "busy" } | { kind: "made"; password: string; expiresAt: string } | { kind: "failed"; reason: string };

/**
 * "Reset password" on a participant's dialog: a temporary password for someone locked out at the venue (no mail, a
 * forgotten password). Asked once, then shown once: nothing keeps it, closing the dialog forgets it.
 */
export function TemporaryPassword({ user }: { user: User }) {
  const me = useAtomValue(userAtom);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  useEffect(() => setStep({ kind: "idle" }), [user.id]);
  if (me?.id === user.id) return null;

  async function make() {
    setStep({ kind: "busy" });
    try {
      const made = await makeTemporaryPassword(user.id);
      setStep({ kind: "made", password: made.temporary_password, expiresAt: made.expires_at });
    } catch (error) {
      console.error("Temporary password failed", error);
      setStep({ kind: "failed", reason: error instanceof Error && error.message ? error.message : t("admin.user.reset_password_failed") });
    }
  }

  return (
    <section aria-labelledby="temporary-password-title" className="space-y-3 rounded-lg bg-paper-deep/60 p-4 ring-1 ring-line">
      <h3 id="temporary-password-title" className="text-sm font-semibold text-ink-950">
        {t("admin.user.reset_password")}
      </h3>
      {step.kind === "made" ? (
        <div className="space-y-2">
          <p className="text-xs text-muted">{t("admin.user.temporary_password")}</p>
          <output dir="ltr" data-testid="temporary-password" className="block select-all rounded-lg bg-surface px-3 py-2 font-mono text-xl tracking-wider text-ink-950 ring-1 ring-line">
            {step.password}
          </output>
          <p className="text-sm text-ink-800">{t("admin.user.temporary_password_note", { name: user.username, time: formatDateTime(step.expiresAt) })}</p>
        </div>
      ) : (
        <>
          <p className="text-sm text-ink-800">{t("admin.user.reset_password_lead", { name: user.username, hours: HOURS })}</p>
          {step.kind === "failed" && <Alert>{step.reason}</Alert>}
          {step.kind === "idle" || step.kind === "failed" ? (
            <Button onClick={() => setStep({ kind: "asking" })}>{t("admin.user.reset_password")}</Button>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="primary" disabled={step.kind === "busy"} onClick={make}>
                {step.kind === "busy" && <Spinner />}
                {t("admin.user.reset_password_confirm")}
              </Button>
              <Button variant="ghost" disabled={step.kind === "busy"} onClick={() => setStep({ kind: "idle" })}>
                {t("common.cancel")}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
