import { type SyntheticEvent, useState } from "react";

/**
 * Whether one of our videos (a <video> with WebM and MP4 <source>s) could not load: the last source's error (every
 * source failed), an error on the video itself (the network gave out partway), or a stall before any byte arrived.
 * `attempt` keys the <video>, so `retry` mounts a fresh one that fetches again.
 */
export function useVideoFailure() {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const fail = () => setFailed(true);
  return {
    failed,
    attempt,
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
