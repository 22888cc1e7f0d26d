import { atom } from "jotai";
import type { BulkAction } from "../../../api/console";

/** The ids ticked for a bulk action. */
export const selectedIdsAtom = atom<ReadonlySet<number>>(new Set<number>());

/** The last visibility change, kept so it can be undone with the opposite action on the ids it changed. */
export interface VisibilityChange {
  action: Extract<BulkAction, "publish" | "unpublish">;
  ids: number[];
  /** The changed items' names (itemName), so the strip and the undo say which; may be fewer than ids (Make All). */
  names: string[];
}
export const lastVisibilityChangeAtom = atom<VisibilityChange | null>(null);

export const OPPOSITE: Record<VisibilityChange["action"], VisibilityChange["action"]> = { publish: "unpublish", unpublish: "publish" };
