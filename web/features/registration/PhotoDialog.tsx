import { useState } from "react";
import { useObjectUrl } from "../../lib/useObjectUrl";
import { Alert, Button, Spinner } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { FilePicker } from "../../ui/FilePicker";
import { Icon } from "../../ui/Icon";
import { CaptureFallback } from "../venue/CaptureFallback";
import { inBrowserCaptureBlocker } from "../venue/inBrowserCapture";
import { PortraitFrame } from "./PortraitFrame";
import { SelfieCamera } from "./SelfieCamera";
import { t } from "../i18n/i18n";

type Source = "camera" | "file";

/**
 * Registration's verification photo step: choose a file or take a selfie, see it in the portrait frame with the face
 * guide, retake it, then 'Submit Photo and Register'.
 */
export function PhotoDialog({
  open,
  photo,
  onPhoto,
  onSubmit,
  onClose,
  busy,
  message,
}: {
  open: boolean;
  photo: File | null;
  onPhoto: (photo: File | null) => void;
  onSubmit: () => void;
  onClose: () => void;
  busy: boolean;
  message: string;
}) {
  const [cameraOn, setCameraOn] = useState(false);
  const [source, setSource] = useState<Source>("file");
  const captureBlocker = inBrowserCaptureBlocker();
  const preview = useObjectUrl(photo);

  function take(next: File, from: Source) {
    setSource(from);
    setCameraOn(false);
    onPhoto(next);
  }

  function retake() {
    onPhoto(null);
    setCameraOn(source === "camera");
  }

  function close() {
    if (busy) return;
    setCameraOn(false);
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t("photo.title")}
      actions={
        <>
          {/* Beside the button just pressed, so it is in view on a phone and a laptop alike. */}
          {message && (
            <div className="basis-full">
              <Alert>{message}</Alert>
            </div>
          )}
          <Button variant="ghost" onClick={close} disabled={busy}>
            {t("common.cancel")}
          </Button>
          {/* Pressed without a photo, it says 'Please upload a photo' (the spec's message) — only after that attempt. */}
          <Button variant="accent" onClick={onSubmit} disabled={busy}>
            {busy && <Spinner />}
            {t("photo.submit")}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm text-muted">
        {t("photo.explain")}
      </p>
      {cameraOn ? (
        <SelfieCamera onCapture={(selfie) => take(selfie, "camera")} onCancel={() => setCameraOn(false)} />
      ) : (
        <div className="space-y-4">
          <PortraitFrame caption={preview ? undefined : t("photo.oval")}>
            {preview ? (
              <img src={preview} alt={t("photo.preview_alt")} className="size-full object-cover" />
            ) : (
              <Icon name="user" className="absolute top-1/2 left-1/2 size-16 -translate-x-1/2 -translate-y-[60%] text-ink-500" />
            )}
          </PortraitFrame>
          {photo ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={retake} disabled={busy}>
                <Icon name="retake" className="size-5" />
                {t("photo.retake")}
              </Button>
            </div>
          ) : (
            <>
              <div className="flex flex-wrap justify-center gap-3">
                {!captureBlocker && (
                  <Button variant="primary" onClick={() => setCameraOn(true)}>
                    <Icon name="camera" className="size-5" />
                    {t("photo.take_selfie")}
                  </Button>
                )}
                <FilePicker label={t("photo.choose")} accept="image/*" icon="upload" onFiles={([file]) => take(file, "file")} />
              </div>
              {captureBlocker && <CaptureFallback kind="selfie" blocker={captureBlocker} onFile={(file) => take(file, "file")} />}
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
