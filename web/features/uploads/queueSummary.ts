import { formatBytes } from "../../lib/format";
import { describeTimeLeft } from "./progressMath";
import type { QueueRow } from "./queueAtoms";

/** The issue's words for a stall. */
export const CONNECTION_LOST = "Connection lost, will continue";

/** One calm line for the whole queue: the most pressing state first. */
export function queueSummary(rows: QueueRow[]): string {
  const count = (state: QueueRow["state"]) => rows.filter((row) => row.state === state).length;
  const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;
  const sending = rows.find((row) => row.state === "sending" || row.state === "finishing");
  if (count("stalled")) return CONNECTION_LOST;
  if (count("offline")) return `Offline: ${items(count("offline"))} will send when the network is back`;
  if (sending) {
    const left = rows.filter((row) => ["waiting", "sending", "finishing"].includes(row.state)).length;
    const bytes = sending.total ? ` · ${formatBytes(sending.sent)} of ${formatBytes(sending.total)}` : "";
    const pace = sending.state !== "sending" ? "" : sending.slow ? " · Slow connection" : sending.speed !== null ? ` · ${formatBytes(Math.round(sending.speed))}/s` : "";
    const time = sending.state === "sending" ? describeTimeLeft(sending.secondsLeft) : "";
    return `Sending ${items(left)}${bytes}${pace}${time ? ` · ${time}` : ""}`;
  }
  if (count("waiting")) return `${items(count("waiting"))} waiting to send`;
  const undecided = count("failed") + count("paused");
  if (undecided) return `${items(undecided)} not sent: tap to decide`;
  const done = rows.filter((row) => row.state === "done");
  return done.length && done.every((row) => row.intact !== false) && done.some((row) => row.intact) ? "All sent. Arrived intact." : "All sent.";
}
