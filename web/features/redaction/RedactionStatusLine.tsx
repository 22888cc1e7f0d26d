import { Spinner } from "../../ui/Button";
import { t } from "../i18n/i18n";
import type { RedactionState } from "./api";

/** Where the current version stands: none, its copy being made, made, failed; passed or not. */
export function RedactionStatusLine({ state }: { state: RedactionState }) {
  return (
    <p role="status" className="text-sm" data-redaction-status={state.status}>
      {state.status === "none" && t("redaction.status.none")}
      {state.status === "pending" && <Spinner label={t("redaction.status.pending", { version: state.version })} />}
      {state.status === "done" && (state.passed ? t("redaction.status.passed", { version: state.version }) : t("redaction.status.done", { version: state.version }))}
      {state.status === "failed" && <span className="text-red-900">{t("redaction.status.failed", { version: state.version })}</span>}
    </p>
  );
}
