import { Markdown } from "../../ui/Markdown";
import type { TextMarks } from "../show/textLanguage";

/** The privacy notice: the operator's Markdown through the show's safe renderer (never HTML). */
export function NoticeText({ markdown, marks }: { markdown: string; marks?: TextMarks }) {
  return (
    <div data-testid="privacy-notice" {...marks}>
      <Markdown text={markdown} className="space-y-3 text-sm leading-relaxed" />
    </div>
  );
}
