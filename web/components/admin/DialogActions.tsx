import type { ReactNode } from "react";
import { Button, Spinner } from "../ui";

/**
 * The footer of an admin dialog: Cancel and Save while editing, the dialog's own actions plus Close otherwise.
 */
export function DialogActions({
  editing,
  saving,
  saveLabel,
  onCancel,
  onSave,
  onClose,
  children,
}: {
  editing: boolean;
  saving: boolean;
  saveLabel: string;
  onCancel: () => void;
  onSave: () => void;
  onClose: () => void;
  /** The actions offered when not editing (Edit, Delete, …). */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4">
      {editing ? (
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={saving}>
            {saving && <Spinner />}
            {saveLabel}
          </Button>
        </>
      ) : (
        <>
          {children}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      )}
    </div>
  );
}
