/** The studio's regions: the plan's regions plus what the studio knows of them (a detector's proposal, its score). */
import type { Box, Region } from "../../../src/redaction/redaction-plan";
import { boxAt } from "./geometry";

export type StudioRegion = Region & {
  key: string;
  /** The detector's confidence (0–1) when it proposed this region; absent for one drawn by hand. */
  score?: number;
  /** A proposal is saved only once accepted (or "Blur all faces"). */
  accepted: boolean;
};

let counter = 0;
export const regionKey = () => `r${++counter}`;

export const fromSaved = (regions: Region[]): StudioRegion[] => regions.map((region) => ({ ...region, key: regionKey(), accepted: true }));

/** The plan's regions: accepted ones, without the studio's own fields. */
export const toPlan = (regions: StudioRegion[]): Region[] =>
  regions.filter((region) => region.accepted).map(({ key: _key, score: _score, accepted: _accepted, ...region }) => region);

/** Whether a proposal is already covered by a region there is (a saved version reopened). */
export function covered(box: Box, regions: Region[], at_ms = 0): boolean {
  return regions.some((region) => {
    const other = boxAt(region, at_ms);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    return cx > other.x && cx < other.x + other.width && cy > other.y && cy < other.y + other.height;
  });
}
