import { useId, useRef, useState } from "react";
import type { Evidence } from "../../../api/types";
import { formatBytes } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { t, type MessageId } from "../../i18n/i18n";

type Copied = "" | "copied" | "selected";
const COPIED_TEXT: Record<Exclude<Copied, "">, MessageId> = { copied: "console.file.copied", selected: "console.file.selected" };

/**
 * The stored file's technical facts, for the investigator only: MIME type, size and SHA-256 (what an export's manifest
 * lists, to prove a file unchanged). Quiet, below the content. The copy button falls back to selecting the hash where
 * the page has no clipboard access (plain http on the venue network).
 */
export function FileFacts({ media }: { media: NonNullable<Evidence["media"]> }) {
  const headingId = useId();
  const hash = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<Copied>("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(media.sha256);
      setCopied("copied");
    } catch {
      const range = document.createRange();
      if (hash.current) range.selectNodeContents(hash.current);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      setCopied("selected");
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-line px-4 py-3 text-sm text-muted">
      <h3 id={headingId} className="text-xs font-semibold tracking-wider text-ink-700 uppercase">
        {t("evidence.file")}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
        <dt>{t("console.file.type")}</dt>
        <dd dir="ltr" className="font-mono text-xs leading-5 break-all text-ink-800">{media.mime}</dd>
        <dt>{t("server.size")}</dt>
        <dd className="text-ink-800 tabular-nums">{formatBytes(media.size)}</dd>
        <dt>{t("console.file.sha256")}</dt>
        <dd className="min-w-0">
          <code ref={hash} dir="ltr" className="block font-mono text-xs leading-5 break-all text-ink-800">
            {media.sha256}
          </code>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button variant="secondary" size="sm" onClick={copy}>
              {t("console.file.copy_hash")}
            </Button>
            <span role="status" className="text-xs">
              {copied && t(COPIED_TEXT[copied])}
            </span>
          </div>
        </dd>
      </dl>
    </section>
  );
}
