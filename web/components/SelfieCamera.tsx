import { useEffect, useRef, useState } from "react";
import { Alert, Button } from "./ui";

/** Front-camera preview with a capture button; hands back a JPEG file drawn from the current frame. */
export function SelfieCamera({ onCapture, onCancel }: { onCapture: (photo: File) => void; onCancel: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState("");
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: "user", width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then((media) => {
        stream = media;
        if (cancelled) return media.getTracks().forEach((track) => track.stop());
        if (videoRef.current) videoRef.current.srcObject = media;
      })
      .catch((reason) => {
        console.error("Camera unavailable", reason);
        setError("The camera could not be started. Allow camera access or choose a photo file instead.");
      });
    if (!navigator.mediaDevices) setError("This browser cannot use the camera here. Choose a photo file instead.");
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  function capture() {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d")?.drawImage(video, 0, 0);
    canvas.toBlob((blob) => blob && onCapture(new File([blob], "selfie.jpg", { type: "image/jpeg" })), "image/jpeg", 0.9);
  }

  return (
    <div className="space-y-3">
      {error ? (
        <Alert>{error}</Alert>
      ) : (
        <video
          ref={videoRef}
          autoPlay
          playsInline
          muted
          onLoadedData={() => setReady(true)}
          aria-label="Camera preview"
          className="aspect-video w-full -scale-x-100 rounded-lg bg-black object-cover"
        />
      )}
      <div className="flex gap-3">
        <Button variant="secondary" onClick={onCancel} className="flex-1">
          Close camera
        </Button>
        <Button onClick={capture} disabled={!ready} className="flex-1">
          Capture photo
        </Button>
      </div>
    </div>
  );
}
