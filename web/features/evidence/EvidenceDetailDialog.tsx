import type { ReactNode } from "react";
import type { Evidence } from "../../api/types";
import { Modal } from "../../ui/Dialog";
import { EvidenceFacts } from "./EvidenceFacts";
import { EvidenceMedia } from "./EvidenceMedia";
import { t } from "../i18n/i18n";

export const deleteEvidenceQuestion = () => t("evidence.delete_question");

/**
 * Detail of one item: the media large beside its facts (stacked on a phone), with any actions (Edit/Delete on the
 * owner's list) in the dialog's footer, in view however tall the photo is.
 */
export function EvidenceDetailDialog({
  item,
  onClose,
  showSubmitter = false,
  actions,
}: {
  item: Evidence | null;
  onClose: () => void;
  showSubmitter?: boolean;
  actions?: ReactNode;
}) {
  return (
    <Modal open={item !== null} onClose={onClose} title={t("evidence.dialog_title")} size="xl" actions={item && actions}>
      {item && (
        <div className="grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-start">
          <EvidenceMedia item={item} />
          <EvidenceFacts item={item} showSubmitter={showSubmitter} />
        </div>
      )}
    </Modal>
  );
}
