/**
 * What a queued item is doing, as the participant sees it, and the only ways it may change. Pure, tested beside.
 * waiting: its turn comes; offline: no network, sends when it is back; sending: bytes moving; stalled: no byte for
 * ~15 s ("Connection lost, will continue"), tried again by itself; finishing: the server turns it into an item and
 * the hashes are compared; paused: the participant pressed Cancel (the draft is kept); failed: refused by the server
 * in a way retrying cannot fix (the draft is kept); done: the server has it (intact when the hashes matched).
 */
export type RowState = "waiting" | "offline" | "sending" | "stalled" | "finishing" | "paused" | "failed" | "done";

export type RowEvent =
  | "start"
  | "progress"
  | "stall"
  | "offline"
  | "finalise"
  | "confirmed"
  | "refused"
  | "cancel"
  | "retry";

const ACTIVE: RowState[] = ["waiting", "offline", "sending", "stalled", "finishing"];

/** The next state, or the same one when the event does not apply (e.g. late progress after Cancel). */
export function transition(state: RowState, event: RowEvent): RowState {
  switch (event) {
    // A new attempt after a stall stays "stalled" until a byte actually moves: the screen never claims progress.
    case "start":
      return state === "waiting" || state === "offline" ? "sending" : state;
    case "progress":
      return state === "stalled" || state === "sending" ? "sending" : state;
    case "stall":
      return state === "sending" || state === "finishing" || state === "waiting" ? "stalled" : state;
    case "offline":
      return ACTIVE.includes(state) ? "offline" : state;
    case "finalise":
      return state === "sending" || state === "stalled" ? "finishing" : state;
    case "confirmed":
      return state === "finishing" ? "done" : state;
    case "refused":
      return ACTIVE.includes(state) ? "failed" : state;
    case "cancel":
      return ACTIVE.includes(state) ? "paused" : state;
    case "retry":
      return state === "paused" || state === "failed" || state === "offline" ? "waiting" : state;
  }
}

/** States in which the runner still has work to do (and leaving the page asks first). */
export function isActive(state: RowState) {
  return ACTIVE.includes(state);
}

/** Kept but not moving: the participant decides (Send again or Discard). */
export function needsDecision(state: RowState) {
  return state === "paused" || state === "failed";
}
