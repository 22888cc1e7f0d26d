import { useState } from "react";
import type { EditableField, Show } from "../../../api/show";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { updateShow } from "../api";

/**
 * Puts a part of the show back to its built-in texts (PUT with `null`), saved at once after a confirmation; shown only
 * while one of its fields differs from the built-in one and the environment does not set it.
 */
export function RestoreDefaults({ show, fields, what, onRestored }: { show: Show; fields: EditableField[]; what: string; onRestored: (show: Show, fields: EditableField[]) => void }) {
  const [asking, setAsking] = useState(false);
  const restorable = fields.filter((field) => show.customised.includes(field) && !show.locked[field]);
  if (restorable.length === 0) return null;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
        Restore the built-in {what}
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Restore the built-in ${what}?`}
        message={`The ${what} go back to casefile's built-in ones, saved at once; participants see them at their next visit.`}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          onRestored(await updateShow(Object.fromEntries(restorable.map((field) => [field, null]))), restorable);
          setAsking(false);
        }}
      />
    </>
  );
}
