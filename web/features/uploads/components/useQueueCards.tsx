import { useAtomValue } from "jotai";
import { type ReactNode, useMemo } from "react";
import type { Evidence } from "../../../api/types";
import type { MediaFilter } from "../../../lib/mediaTypes";
import { type QueueRow, queueRowsAtom } from "../queueAtoms";
import { ArrivedReceipt, QueueCard } from "./QueueCard";

/**
 * The queue's items in the evidence list (newest first, so before every item the server has): a card for each item
 * on its way (or arrived but not yet in the list), and the receipt on the card of each that arrived. The list's
 * filter applies to them as to the rest.
 */
export function useQueueCards(items: Evidence[], filter: MediaFilter) {
  const rows = useAtomValue(queueRowsAtom);
  return useMemo(() => {
    const listed = new Set(items.map((item) => item.id));
    const receipts = new Map<number, QueueRow>();
    const onTheirWay: QueueRow[] = [];
    for (const row of rows) {
      if (row.state === "done" && row.itemId !== null && listed.has(row.itemId)) receipts.set(row.itemId, row);
      else if (filter === 0 || row.mediaType === filter) onTheirWay.unshift(row);
    }
    return {
      count: onTheirWay.length,
      lead: onTheirWay.map((row) => (
        <li key={row.id}>
          <QueueCard row={row} />
        </li>
      )),
      decorate: (item: Evidence, card: ReactNode) => {
        const row = receipts.get(item.id);
        return row ? <ArrivedReceipt row={row}>{card}</ArrivedReceipt> : card;
      },
    };
  }, [rows, items, filter]);
}
