import type { Evidence } from "../api/types";
import { formatBytes, formatDateTime } from "../lib/format";
import { Avatar } from "./Avatar";
import { PublicBadge } from "./EvidenceCard";

/** Title, notes, location, date and (for lists of other people's items) who submitted it. */
export function EvidenceFacts({ item, showSubmitter = false }: { item: Evidence; showSubmitter?: boolean }) {
  return (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-bold break-words">{item.title}</h3>
        {item.is_public && <PublicBadge />}
      </div>
      {item.notes && <p className="text-sm break-words whitespace-pre-line text-gray-800">{item.notes}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-gray-700">Location</dt>
        <dd className="break-words">{item.location || "Not given"}</dd>
        <dt className="font-semibold text-gray-700">Posted</dt>
        <dd>
          <time dateTime={item.date_posted}>{formatDateTime(item.date_posted)}</time>
        </dd>
        {item.media && (
          <>
            <dt className="font-semibold text-gray-700">File</dt>
            <dd className="break-all">
              {item.media.mime}, {formatBytes(item.media.size)}
              <br />
              SHA-256 {item.media.sha256}
            </dd>
          </>
        )}
      </dl>
      {showSubmitter && (
        <div className="flex items-center gap-3 rounded-lg bg-gray-100 p-3">
          <Avatar src={item.avatar_AWS_URL} alt={`${item.username ?? "Participant"}'s avatar`} size="sm" />
          <p className="text-sm">
            Submitted by <span className="font-semibold">{item.username ?? "unknown"}</span>
          </p>
        </div>
      )}
    </div>
  );
}
