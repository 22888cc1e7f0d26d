import type { ReactNode } from "react";
import type { Evidence } from "../api/types";
import { EvidenceFacts } from "./EvidenceFacts";
import { EvidenceMedia } from "./EvidenceMedia";
import { Modal } from "../ui/Dialog";
import { Button } from "./ui";

export const DELETE_EVIDENCE_QUESTION = "Are you sure you want to delete this evidence?";

/** Detail of one item: media, then its facts, then any actions (Edit/Delete chips on the owner's list). */
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
    <Modal open={item !== null} onClose={onClose} title="Evidence" size="lg">
      {item && (
        <div className="space-y-4">
          <EvidenceMedia item={item} />
          <EvidenceFacts item={item} showSubmitter={showSubmitter} />
          <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4">
            {actions}
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

export function Chip({ children, onClick, tone = "neutral" }: { children: ReactNode; onClick: () => void; tone?: "neutral" | "danger" }) {
  const colors = tone === "danger" ? "bg-red-100 text-red-900 ring-red-300 hover:bg-red-200" : "bg-gray-100 text-gray-900 ring-gray-300 hover:bg-gray-200";
  return (
    <button type="button" onClick={onClick} className={`min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ${colors} focus-visible:outline-2 focus-visible:outline-blue-700`}>
      {children}
    </button>
  );
}
