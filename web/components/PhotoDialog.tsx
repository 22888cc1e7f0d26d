import { useState } from "react";
import { CaptureFallback } from "../features/venue/CaptureFallback";
import { inBrowserCaptureBlocker } from "../features/venue/inBrowserCapture";
import { useObjectUrl } from "../lib/useObjectUrl";
import { Modal } from "../ui/Dialog";
import { SelfieCamera } from "./SelfieCamera";
import { Alert, Button, Spinner } from "./ui";

/** Registration's verification photo step: choose a file or take a selfie, then 'Submit Photo and Register'. */
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
  const captureBlocker = inBrowserCaptureBlocker();
  const preview = useObjectUrl(photo);
  return (
    <Modal open={open} onClose={busy ? () => {} : onClose} title="Add a clear photo of your face">
      <p className="mb-4 text-sm text-gray-800">
        This photo is for internal identification only and is not shared publicly. Make sure your face is clearly visible.
      </p>
      <div className="space-y-4">
        {message && <Alert>{message}</Alert>}
        {cameraOn ? (
          <SelfieCamera
            onCapture={(selfie) => {
              onPhoto(selfie);
              setCameraOn(false);
            }}
            onCancel={() => setCameraOn(false)}
          />
        ) : (
          <>
            {preview && (
              <img src={preview} alt="Your verification photo" className="mx-auto max-h-64 rounded-lg object-contain" />
            )}
            <div className="flex flex-col gap-3 sm:flex-row">
              <label className="flex-1">
                <span className="block text-sm font-semibold text-gray-800">Choose a photo</span>
                <input
                  type="file"
                  accept="image/*"
                  className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold"
                  onChange={(event) => onPhoto(event.target.files?.[0] ?? null)}
                />
              </label>
              {!captureBlocker && (
                <Button variant="secondary" onClick={() => setCameraOn(true)} className="sm:self-end">
                  Take a Selfie
                </Button>
              )}
            </div>
            {captureBlocker && <CaptureFallback kind="selfie" blocker={captureBlocker} onFile={onPhoto} />}
          </>
        )}
        <div className="flex flex-col-reverse gap-3 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onSubmit} disabled={busy}>
            {busy && <Spinner />}
            Submit Photo and Register
          </Button>
        </div>
      </div>
    </Modal>
  );
}
