import type { ReactNode } from "react";
import { Button, Spinner } from "../../../ui/Button";
import { t } from "../../i18n/i18n";

/**
 * The footer actions of an admin dialog (for the Modal's `actions`): Cancel and Save while editing, the dialog's own
 * actions otherwise. Closing needs no button here: the Modal has its close button.
 */
export function DialogActions({
  editing,
  saving,
  saveLabel,
  onCancel,
  onSave,
  children,
}: {
  editing: boolean;
  saving: boolean;
  saveLabel: string;
  onCancel: () => void;
  onSave: () => void;
  /** The actions offered when not editing (Edit, Delete, …). */
  children: ReactNode;
}) {
  if (!editing) return <>{children}</>;
  return (
    <>
      <Button variant="ghost" onClick={onCancel} disabled={saving}>
        {t("common.cancel")}
      </Button>
      <Button onClick={onSave} disabled={saving}>
        {saving && <Spinner />}
        {saveLabel}
      </Button>
    </>
  );
}
