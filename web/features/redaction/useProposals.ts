import { useEffect, useState } from "react";
import type { Region } from "../../../src/redaction/redaction-plan";
import { coverFace, trackFaces } from "./geometry";
import { SAMPLE_STEP_MS, scanPhoto, scanVideo } from "./scan";
import { covered, regionKey, type StudioRegion } from "./studioRegions";

export type Detection = { state: "idle" | "running" | "done" | "failed"; progress: number; found: number };

/**
 * Faces the detector finds in the original when the studio opens, as proposals (not yet accepted): one per face of
 * a photo, one tracked region per face of a video. Faces already under a saved region are not proposed again.
 */
export function useProposals(kind: "photo" | "video" | "audio", url: string | null, saved: Region[] | null, add: (regions: StudioRegion[]) => void): Detection {
  const [detection, setDetection] = useState<Detection>({ state: "idle", progress: 0, found: 0 });
  useEffect(() => {
    if (kind === "audio" || !url || saved === null) return;
    const abort = new AbortController();
    setDetection({ state: "running", progress: 0, found: 0 });
    (async () => {
      let proposals: Omit<StudioRegion, "key" | "accepted">[];
      if (kind === "photo") {
        proposals = (await scanPhoto(url)).map(({ score, ...face }) => ({ ...coverFace(face), effect: "blur", score }));
      } else {
        const { samples, durationMs } = await scanVideo(url, (progress) => setDetection((old) => ({ ...old, progress })), abort.signal);
        const regions = trackFaces(samples, SAMPLE_STEP_MS, durationMs);
        // A track's confidence: the best of its faces (the one sample it matched best).
        proposals = regions.map((region) => ({ ...region, score: Math.max(...samples.flatMap((sample) => sample.faces.filter((face) => covered(face, [region], sample.at_ms)).map((face) => face.score)), 0) }));
      }
      if (abort.signal.aborted) return;
      const fresh = proposals.filter((proposal) => !covered(proposal, saved, proposal.from_ms ?? 0));
      add(fresh.map((proposal) => ({ ...proposal, key: regionKey(), accepted: false })));
      setDetection({ state: "done", progress: 1, found: fresh.length });
    })().catch(() => !abort.signal.aborted && setDetection({ state: "failed", progress: 0, found: 0 }));
    return () => abort.abort();
    // Once per opening: the saved regions are only read to skip faces they already cover.
  }, [kind, url, saved === null]);
  return detection;
}
