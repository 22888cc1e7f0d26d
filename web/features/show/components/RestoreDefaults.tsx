import { useState } from "react";
import type { EditableField, Show } from "../../../api/show";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { t } from "../../i18n/i18n";
import { updateShow } from "../api";

/** The parts of the show that go back to their built-in texts together (the messages' `{part, select, …}` cases). */
export type RestorablePart = "landing" | "instructions" | "faq" | "archive_intro" | "privacy" | "mail";

/**
 * Puts a part of the show back to its built-in texts (PUT with `null`), saved at once after a confirmation; shown only
 * while one of its fields differs from the built-in one and the environment does not set it.
 */
export function RestoreDefaults({ show, fields, part, onRestored }: { show: Show; fields: EditableField[]; part: RestorablePart; onRestored: (show: Show, fields: EditableField[]) => void }) {
  const [asking, setAsking] = useState(false);
  const restorable = fields.filter((field) => show.customised.includes(field) && !show.locked[field]);
  if (restorable.length === 0) return null;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
        {t("showEditor.restore.button", { part })}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("showEditor.restore.title", { part })}
        message={t("showEditor.restore.message", { part })}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          onRestored(await updateShow(Object.fromEntries(restorable.map((field) => [field, null]))), restorable);
          setAsking(false);
        }}
      />
    </>
  );
}
