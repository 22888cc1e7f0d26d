import { useAtomValue } from "jotai";
import { Markdown } from "../../ui/Markdown";
import { showAtom } from "../show/state";
import { textMarks } from "../show/textLanguage";

/** The privacy notice: the operator's Markdown through the show's safe renderer (never HTML), marked with its language. */
export function NoticeText({ markdown }: { markdown: string }) {
  const show = useAtomValue(showAtom);
  return (
    <div data-testid="privacy-notice" {...textMarks(show, "privacy_notice")}>
      <Markdown text={markdown} className="space-y-3 text-sm leading-relaxed" />
    </div>
  );
}
