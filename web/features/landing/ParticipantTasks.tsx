import { useAtomValue } from "jotai";
import { inArchiveAtom } from "../../state/session";
import { CaptureActions } from "./CaptureActions";
import { Instructions } from "./Instructions";

/**
 * A logged-in user's home below the band: the main task (send evidence), then the appointment. A chunk of its own
 * (HomeScreen loads it lazily): a visitor's /home, the page whose first JavaScript has a budget, never shows it.
 */
export default function ParticipantTasks() {
  const inArchive = useAtomValue(inArchiveAtom);
  return (
    <>
      {/* The investigation is closed in archive mode: nothing can be sent. */}
      {!inArchive && <CaptureActions />}
      <Instructions />
    </>
  );
}
