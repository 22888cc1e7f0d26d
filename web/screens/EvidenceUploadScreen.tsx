import { useAtomValue, useSetAtom } from "jotai";
import { useRef, useState } from "react";
import { useLocation } from "wouter";
import { AudioRecorder } from "../components/AudioRecorder";
import { FilePickButton } from "../components/FilePickButton";
import { CaptureFallback } from "../features/venue/CaptureFallback";
import { inBrowserCaptureBlocker } from "../features/venue/inBrowserCapture";
import { Alert, Page } from "../components/ui";
import { createFileDraft, recordingSink } from "../features/uploads/draftActions";
import { formatBytes } from "../lib/format";
import { audioListAtom, evidenceTypeAtom, mediaAtom } from "../state/evidence";
import { configAtom, userAtom } from "../state/session";

export default function EvidenceUploadScreen() {
  const kind = useAtomValue(evidenceTypeAtom);
  const { maxUploadBytes } = useAtomValue(configAtom);
  const userId = useAtomValue(userAtom)?.id ?? 0;
  const setMedia = useSetAtom(mediaAtom);
  const setAudioList = useSetAtom(audioListAtom);
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState("");
  const recording = useRef<ReturnType<typeof recordingSink> | null>(null);
  const captureBlocker = inBrowserCaptureBlocker();

  /**
   * Several files may be picked; the first is used. Too-large files are refused before any byte is sent. The file is
   * kept on the phone as a draft before the details screen opens, so a reload there (or the camera returning to a
   * reloaded tab) finds it.
   */
  async function choose(files: File[]) {
    const [first] = files;
    if (maxUploadBytes > 0 && first.size > maxUploadBytes) {
      return setProblem(`That file is ${formatBytes(first.size)}. The largest file you can upload is ${formatBytes(maxUploadBytes)}.`);
    }
    setProblem("");
    setMedia(files);
    try {
      const draft = await createFileDraft(userId, first);
      navigate(`/evidence-details?draft=${draft.id}`);
    } catch (error) {
      console.error("The file could not be kept on this phone", error);
      setProblem("This phone has no room to keep the file until it is sent. Free some space and try again.");
    }
  }

  return (
    <Page title={kind === "audio" ? "Add audio evidence" : "Add photo or video evidence"}>
      <div className="space-y-4">
        {maxUploadBytes > 0 && <p className="text-sm text-gray-800">Maximum file size: {formatBytes(maxUploadBytes)}</p>}
        {problem && <Alert>{problem}</Alert>}
        {kind === "audio" ? (
          <>
            <FilePickButton label="Upload Audio" description="Choose a recording from your device" accept="audio/*" onFiles={choose} icon="music" />
            {captureBlocker ? (
              <CaptureFallback kind="audio" blocker={captureBlocker} onFile={(clip) => choose([clip])} />
            ) : (
              <AudioRecorder
                onStart={(mimeType) => (recording.current = recordingSink(userId, mimeType))}
                onChunk={(chunk) => recording.current?.append(chunk)}
                onStop={async (clip) => {
                  const sink = recording.current;
                  recording.current = null;
                  if (!sink) return;
                  if (!clip) return sink.discard();
                  setAudioList((clips) => [...clips, clip]);
                  navigate(`/evidence-details?draft=${await sink.finish()}`);
                }}
              />
            )}
          </>
        ) : (
          <>
            <FilePickButton label="Upload File" description="A photo or a video from your device" accept="video/*,image/*" onFiles={choose} icon="folder" />
            <FilePickButton label="Take Picture" description="Open the camera for a photo" accept="image/*" capture="environment" onFiles={choose} icon="camera" />
            <FilePickButton label="Record Video" description="Open the camera for a video" accept="video/*" capture="environment" onFiles={choose} icon="video" />
          </>
        )}
      </div>
    </Page>
  );
}
