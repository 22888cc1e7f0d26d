import type { Evidence } from "../../api/types";
import { formatDateTime } from "../../lib/format";
import { MEDIA_LABELS } from "../../lib/mediaTypes";
import { TableFrame } from "../../ui/Table";
import { durationOf } from "./EvidenceCard";
import { t, type MessageId } from "../i18n/i18n";

const COLUMNS: MessageId[] = ["evidence.column.id", "evidence.column.title", "evidence.column.visibility", "evidence.column.kind", "viewer.posted"];

/** The data-grid view of evidence: one row per item, the title opens it. Used by the list and a participant's items. */
export function EvidenceTable({ items, onOpen, caption }: { items: Evidence[]; onOpen: (item: Evidence) => void; caption: string }) {
  return (
    <TableFrame caption={caption} columns={COLUMNS.map((id) => ({ label: t(id) }))}>
      <tbody className="divide-y divide-line">
        {items.map((item) => (
          <tr key={item.id}>
            <td className="px-2 py-2 text-muted tabular-nums">{item.id}</td>
            <td className="max-w-56 px-2 py-2">
              <button
                type="button"
                dir="auto"
                onClick={() => onOpen(item)}
                className="max-w-full truncate text-start font-semibold text-ink-900 underline decoration-1 underline-offset-4 hover:decoration-2"
              >
                {item.title}
              </button>
            </td>
            <td className="px-2 py-2">{item.is_public ? t("evidence.public") : t("evidence.private")}</td>
            <td className="px-2 py-2 whitespace-nowrap">
              {MEDIA_LABELS[item.media_type]}
              {durationOf(item) && <span className="text-muted"> · {durationOf(item)}</span>}
            </td>
            <td className="px-2 py-2 whitespace-nowrap">{formatDateTime(item.date_posted)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
