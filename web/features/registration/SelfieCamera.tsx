import { useEffect, useRef, useState } from "react";
import { Alert, Button, Spinner } from "../../ui/Button";
import { Icon } from "../../ui/Icon";
import { PortraitFrame } from "./PortraitFrame";
import { t } from "../i18n/i18n";

const PORTRAIT = 3 / 4;

/** The middle 3:4 of a video frame as a JPEG: what the participant saw inside the frame is what is sent. */
function portraitOf(video: HTMLVideoElement): Promise<Blob | null> {
  const { videoWidth: width, videoHeight: height } = video;
  const cropWidth = Math.min(width, height * PORTRAIT);
  const cropHeight = cropWidth / PORTRAIT;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(cropWidth);
  canvas.height = Math.round(cropHeight);
  canvas.getContext("2d")?.drawImage(video, (width - cropWidth) / 2, (height - cropHeight) / 2, cropWidth, cropHeight, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
}

/** The front camera live in the portrait frame (mirrored, as a mirror is) with Capture; hands back a JPEG file. */
export function SelfieCamera({ onCapture, onCancel }: { onCapture: (photo: File) => void; onCancel: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState("");
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    if (!navigator.mediaDevices) setError(t("photo.camera_unsupported"));
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: "user", width: { ideal: 1280 }, height: { ideal: 960 } }, audio: false })
      .then((media) => {
        stream = media;
        if (cancelled) return media.getTracks().forEach((track) => track.stop());
        if (videoRef.current) videoRef.current.srcObject = media;
      })
      .catch((reason) => {
        console.error("Camera unavailable", reason);
        setError(t("photo.camera_failed"));
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  async function capture() {
    const video = videoRef.current;
    if (!video?.videoWidth) return;
    const blob = await portraitOf(video);
    if (blob) onCapture(new File([blob], "selfie.jpg", { type: "image/jpeg" }));
  }

  return (
    <div className="space-y-4">
      <PortraitFrame caption={error ? undefined : t("photo.keep_in_oval")}>
        {!error && (
          <video
            ref={videoRef}
            autoPlay
            playsInline
            muted
            onLoadedData={() => setReady(true)}
            aria-label={t("photo.camera_preview")}
            className="size-full -scale-x-100 object-cover"
          />
        )}
        {!error && !ready && (
          <p role="status" className="absolute inset-x-0 top-4 flex items-center justify-center gap-2 text-sm text-ink-100">
            <Spinner />
            {t("photo.starting_camera")}
          </p>
        )}
      </PortraitFrame>
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="ghost" onClick={onCancel}>
          {t("photo.close_camera")}
        </Button>
        <Button variant="accent" onClick={capture} disabled={!ready}>
          <Icon name="camera" className="size-5" />
          {t("photo.capture")}
        </Button>
      </div>
    </div>
  );
}
