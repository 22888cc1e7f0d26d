/** Give up on a file the browser cannot read (or a phone too busy to): the item is sent without a duration. */
const GIVE_UP_MS = 5000;

/**
 * A video's or audio's playing time in milliseconds, read by a <video>/<audio> element from the local file; null for
 * other files, or when the browser cannot tell. A WebM made by MediaRecorder states no duration (the element says
 * Infinity until it has seen the end), so the element is sent to the end once to learn it.
 */
export function measureDuration(file: Blob): Promise<number | null> {
  const family = file.type.split("/")[0];
  if (family !== "video" && family !== "audio") return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const element = document.createElement(family);
    const finish = (ms: number | null) => {
      clearTimeout(timer);
      element.onloadedmetadata = element.ondurationchange = element.onerror = null;
      element.removeAttribute("src");
      element.load();
      URL.revokeObjectURL(url);
      resolve(ms !== null && Number.isFinite(ms) && ms > 0 ? Math.round(ms) : null);
    };
    const timer = setTimeout(() => finish(null), GIVE_UP_MS);
    const readDuration = () => {
      if (Number.isFinite(element.duration)) finish(element.duration * 1000);
      else if (element.currentTime === 0) element.currentTime = Number.MAX_SAFE_INTEGER;
    };
    element.preload = "metadata";
    element.muted = true;
    element.onloadedmetadata = readDuration;
    element.ondurationchange = () => element.readyState > 0 && readDuration();
    element.onerror = () => finish(null);
    element.src = url;
  });
}
