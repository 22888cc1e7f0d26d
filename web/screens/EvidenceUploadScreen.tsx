import { useAtomValue, useSetAtom } from "jotai";
import { useRef, useState } from "react";
import { useLocation } from "wouter";
import { AudioRecorder } from "../features/recorder/AudioRecorder";
import { FilePickButton } from "../ui/FilePickButton";
import { CaptureFallback } from "../features/venue/CaptureFallback";
import { inBrowserCaptureBlocker } from "../features/venue/inBrowserCapture";
import { createFileDraft, recordingSink } from "../features/uploads/draftActions";
import { formatBytes } from "../lib/format";
import { measureDuration } from "../lib/mediaDuration";
import { audioListAtom, evidenceTypeAtom, mediaAtom } from "../state/evidence";
import { configAtom, userAtom } from "../state/session";
import { Alert } from "../ui/Button";
import { Page } from "../ui/Layout";
import { LoadingState } from "../ui/States";
import { t } from "../features/i18n/i18n";

export default function EvidenceUploadScreen() {
  const chosenKind = useAtomValue(evidenceTypeAtom);
  const { maxUploadBytes } = useAtomValue(configAtom);
  const userId = useAtomValue(userAtom)?.id ?? 0;
  const setMedia = useSetAtom(mediaAtom);
  const setAudioList = useSetAtom(audioListAtom);
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState("");
  const [preparing, setPreparing] = useState(false);
  const recording = useRef<ReturnType<typeof recordingSink> | null>(null);
  /** While a recording exists this screen stays the audio one (another choice asks first, see AudioRecorder). */
  const [recordingKept, setRecordingKept] = useState(false);
  const kind = recordingKept ? "audio" : chosenKind;
  const captureBlocker = inBrowserCaptureBlocker();

  /**
   * Several files may be picked; the first is used. Too-large files are refused before any byte is sent. A video's or
   * audio's duration is measured here, then the file is kept on the phone as a draft before the details screen opens,
   * so a reload there (or the camera returning to a reloaded tab) finds it.
   */
  async function choose(files: File[]) {
    const [first] = files;
    if (maxUploadBytes > 0 && first.size > maxUploadBytes) {
      return setProblem(t("capture.too_large", { size: formatBytes(first.size), max: formatBytes(maxUploadBytes) }));
    }
    setProblem("");
    setMedia(files);
    setPreparing(true);
    try {
      const draft = await createFileDraft(userId, first, await measureDuration(first));
      navigate(`/evidence-details?draft=${draft.id}`);
    } catch (error) {
      console.error("The file could not be kept on this phone", error);
      setProblem(t("capture.no_room"));
    } finally {
      setPreparing(false);
    }
  }

  const audio = kind === "audio";
  return (
    <Page
      title={audio ? t("capture.audio_title") : t("capture.media_title")}
      lead={maxUploadBytes > 0 && <p className="text-sm">{t("capture.max_size", { size: formatBytes(maxUploadBytes) })}</p>}
    >
      <div className="space-y-4">
        {problem && <Alert>{problem}</Alert>}
        {preparing && <LoadingState label={t("capture.preparing")} className="!py-2" />}
        {audio ? (
          <>
            <FilePickButton label={t("capture.upload_audio")} description={t("capture.upload_audio_text")} accept="audio/*" onFiles={choose} icon="music" disabled={recordingKept} />
            {captureBlocker ? (
              <CaptureFallback kind="audio" blocker={captureBlocker} onFile={(clip) => choose([clip])} />
            ) : (
              <AudioRecorder
                onStart={(mimeType) => {
                  recording.current = recordingSink(userId, mimeType);
                  setRecordingKept(true);
                }}
                onChunk={(chunk, elapsedMs) => recording.current?.append(chunk, elapsedMs)}
                onDiscard={() => {
                  void recording.current?.discard();
                  recording.current = null;
                  setRecordingKept(false);
                }}
                onSave={async ({ clip, durationMs }) => {
                  const sink = recording.current;
                  if (!sink) return;
                  const id = await sink.finish(durationMs);
                  recording.current = null;
                  setAudioList((clips) => [...clips, clip]);
                  // Over the history entry that guarded Back: Back from the details comes here, not to a dead recording.
                  navigate(`/evidence-details?draft=${id}`, { replace: true });
                }}
              />
            )}
          </>
        ) : (
          <>
            <FilePickButton label={t("capture.upload_file")} description={t("capture.upload_file_text")} accept="video/*,image/*" onFiles={choose} icon="folder" />
            <FilePickButton label={t("capture.take_picture")} description={t("capture.take_picture_text")} accept="image/*" capture="environment" onFiles={choose} icon="camera" />
            <FilePickButton label={t("capture.record_video")} description={t("capture.record_video_text")} accept="video/*" capture="environment" onFiles={choose} icon="video" />
          </>
        )}
      </div>
    </Page>
  );
}
