import { formatBytes } from "../../lib/format";
import { describeTimeLeft } from "./progressMath";
import type { QueueRow } from "./queueAtoms";
import { t } from "../i18n/i18n";

/** The words for a stall. */
export const connectionLost = () => t("upload.connection_lost");

/** Speed, as the participant reads it ("1.2 MB/s"). */
export const speedLabel = (bytesPerSecond: number) => t("upload.speed", { speed: formatBytes(Math.round(bytesPerSecond)) });

/**
 * Where the line is read: in the bar, where a tap opens the panel ("tap to decide"), or above My Evidence's list,
 * where each item kept on the phone shows its own Send again and Discard.
 */
export type SummaryPlace = "bar" | "list";

/** One calm line for the whole queue: the most pressing state first. */
export function queueSummary(rows: QueueRow[], place: SummaryPlace = "bar"): string {
  const count = (state: QueueRow["state"]) => rows.filter((row) => row.state === state).length;
  const sending = rows.find((row) => row.state === "sending" || row.state === "finishing");
  if (count("stalled")) return connectionLost();
  if (count("offline")) return t("upload.summary.offline", { count: count("offline") });
  if (sending) {
    const left = rows.filter((row) => ["waiting", "sending", "finishing"].includes(row.state)).length;
    const bytes = sending.total ? t("upload.bytes_of", { sent: formatBytes(sending.sent), total: formatBytes(sending.total) }) : "";
    const pace = sending.state !== "sending" ? "" : sending.slow ? t("upload.slow") : sending.speed !== null ? speedLabel(sending.speed) : "";
    const time = sending.state === "sending" ? describeTimeLeft(sending.secondsLeft) : "";
    return [t("upload.summary.sending", { count: left }), bytes, pace, time].filter(Boolean).join(" · ");
  }
  if (count("waiting")) return t("upload.summary.waiting", { count: count("waiting") });
  const undecided = count("failed") + count("paused");
  if (undecided) return t(place === "bar" ? "upload.summary.undecided" : "upload.summary.undecided_below", { count: undecided });
  const done = rows.filter((row) => row.state === "done");
  return done.length && done.every((row) => row.intact !== false) && done.some((row) => row.intact) ? t("upload.summary.all_intact") : t("upload.summary.all_sent");
}
