import { Markdown } from "../../ui/Markdown";

/** The privacy notice: the operator's Markdown through the show's safe renderer (never HTML). */
export function NoticeText({ markdown }: { markdown: string }) {
  return (
    <div data-testid="privacy-notice">
      <Markdown text={markdown} className="space-y-3 text-sm leading-relaxed" />
    </div>
  );
}
