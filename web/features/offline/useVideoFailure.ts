import { type SyntheticEvent, useEffect, useRef, useState } from "react";

/**
 * Whether one of our videos (a <video> with WebM and MP4 <source>s) could not load: the last source's error (every
 * source failed), an error on the video itself (the network gave out partway), or a stall before any byte arrived.
 * Offline, every source can fail before React listens (while the screen is still being rendered), so the video's
 * state is checked once it is in the page too. `attempt` keys the <video>: `retry` mounts a fresh one.
 */
export function useVideoFailure() {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const fail = () => setFailed(true);
  useEffect(() => {
    // No source left and one was tried (currentSrc is empty until then): every source has failed already.
    const video = videoRef.current;
    if (video && video.networkState === HTMLMediaElement.NETWORK_NO_SOURCE && video.currentSrc) setFailed(true);
  }, [attempt]);
  return {
    failed,
    attempt,
    videoRef,
    retry() {
      setFailed(false);
      setAttempt((count) => count + 1);
    },
    videoEvents: {
      onError: fail,
      onStalled(event: SyntheticEvent<HTMLVideoElement>) {
        if (event.currentTarget.readyState === HTMLMediaElement.HAVE_NOTHING) fail();
      },
    },
    lastSourceEvents: { onError: fail },
  };
}
