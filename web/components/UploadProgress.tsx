import { formatBytes } from "../lib/format";

export function UploadProgress({ loaded, total }: { loaded: number; total: number }) {
  const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% (${formatBytes(loaded)} of ${formatBytes(total)})`}
        className="h-3 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full bg-red-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-gray-800">
        {percent}% — {formatBytes(loaded)} of {formatBytes(total)} sent
      </p>
    </div>
  );
}
