/** For unit tests of the queue's words: a row of a video in the given state, with any field changed. */
import type { QueueRow } from "./queueAtoms";

export const queueRow = (state: QueueRow["state"], extra: Partial<QueueRow> = {}): QueueRow => ({
  id: Math.random().toString(36),
  title: "Van video",
  kind: "file",
  fileType: "video/mp4",
  mediaType: 3,
  thumbnail: null,
  itemId: null,
  state,
  sent: 0,
  total: 0,
  speed: null,
  secondsLeft: null,
  slow: false,
  message: "",
  intact: null,
  ...extra,
});
