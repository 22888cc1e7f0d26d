/**
 * Why this page cannot use the camera and microphone itself (getUserMedia), or null when it can. Phones grant them
 * only in a secure context (HTTPS, or localhost): over a venue's plain http:// address they are simply not there,
 * and asking the participant to "allow access" cannot help.
 */
export type CaptureBlocker = "insecure" | "unsupported";

export function inBrowserCaptureBlocker(): CaptureBlocker | null {
  if (!window.isSecureContext) return "insecure";
  if (!navigator.mediaDevices?.getUserMedia) return "unsupported";
  return null;
}
