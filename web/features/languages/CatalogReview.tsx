import { useState } from "react";
import { Alert, Button, Spinner } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { t } from "../i18n/i18n";
import { type CatalogCheck, saveCatalog } from "./api";

/** How many changes the preview lists before "and N more": enough to see that the file is the right one. */
const PREVIEW_ROWS = 50;

/**
 * An uploaded catalog, checked by the server before anything is saved: every problem (nothing can be saved until the
 * file is fixed), or the messages it changes (current → new), to save or to drop.
 */
export function CatalogReview({ check, catalog, onClose, onSaved }: { check: CatalogCheck; catalog: unknown; onClose: () => void; onSaved: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const ok = check.problems.length === 0;
  const save = async () => {
    setBusy(true);
    setFailure("");
    try {
      await saveCatalog(check.language.code, catalog);
      onSaved();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={t("languages.review.title", { language: check.language.name })}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          {ok && (
            <Button onClick={save} disabled={busy || check.changes.length === 0}>
              {busy && <Spinner />}
              {t("languages.review.save", { count: check.changes.length })}
            </Button>
          )}
        </>
      }
    >
      {failure && <Alert>{failure}</Alert>}
      {ok ? (
        <>
          <p className="mb-3 text-sm text-muted">
            {check.changes.length === 0 ? t("languages.review.no_changes") : t("languages.review.changes", { count: check.changes.length })}
          </p>
          <ul className="max-h-[50dvh] divide-y divide-line overflow-y-auto rounded-lg ring-1 ring-line">
            {check.changes.slice(0, PREVIEW_ROWS).map((change) => (
              <li key={change.id} className="grid gap-1 px-3 py-2 text-sm">
                <code className="text-xs text-muted" dir="ltr">
                  {change.id}
                </code>
                {change.current !== null && <del className="text-ink-600">{change.current}</del>}
                <ins className="no-underline text-ink-950">{change.text}</ins>
              </li>
            ))}
          </ul>
          {check.changes.length > PREVIEW_ROWS && <p className="mt-2 text-sm text-muted">{t("languages.review.more", { count: check.changes.length - PREVIEW_ROWS })}</p>}
        </>
      ) : (
        <>
          <Alert>{t("languages.review.problems", { count: check.problems.length })}</Alert>
          <ul className="mt-3 max-h-[50dvh] space-y-2 overflow-y-auto text-sm">
            {check.problems.map((problem, index) => (
              <li key={index}>
                {problem.id && (
                  <code className="me-2 text-xs font-semibold" dir="ltr">
                    {problem.id}
                  </code>
                )}
                <span dir="ltr">{problem.problem}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
