import { type SyntheticEvent, useState } from "react";
import type { Evidence } from "../../api/types";

/**
 * Whether the shown file failed in this browser, for a public item whose type nobody told us: an error (a HEIC
 * photo in Chromium), or, while the server still makes a copy, a video with no picture (Chromium plays an HEVC
 * MP4's sound over black without any error). Spread `events` on the <img>, <video> or <audio>.
 */
export function useMediaFailure(item: Pick<Evidence, "renditions_preparing">) {
  const [failed, setFailed] = useState(false);
  return {
    failed,
    events: {
      onError: () => setFailed(true),
      onLoadedMetadata(event: SyntheticEvent<HTMLElement>) {
        const media = event.currentTarget;
        if (item.renditions_preparing && media instanceof HTMLVideoElement && media.videoWidth === 0) setFailed(true);
      },
    },
  };
}
