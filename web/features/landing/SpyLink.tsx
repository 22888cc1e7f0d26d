import { useAtomValue } from "jotai";
import { showAtom } from "../show/state";
import { textMarks } from "../show/textLanguage";
import { ExternalLink } from "../../ui/ExternalLink";
import { Icon } from "../../ui/Icon";

/** The landing's 'CLICK HERE TO SPY ON' link (spec §2; the show's words): another site, so it looks and reads like a link out. */
export function SpyLink() {
  const show = useAtomValue(showAtom);
  const { project_name: projectName, spy_url: spyUrl, spy_link_text: text } = show;
  return (
    <ExternalLink
      href={spyUrl}
      className="group inline-flex min-h-11 max-w-full items-center gap-2.5 text-sm font-semibold tracking-[0.12em] text-ink-50 underline decoration-accent decoration-2 underline-offset-[6px] hover:decoration-ink-50"
    >
      <Icon name="eye" className="size-5 shrink-0 text-ink-300 group-hover:text-ink-50" />
      <span className="min-w-0 break-words">
        <span {...textMarks(show, "spy_link_text")}>{text}</span> {projectName}
      </span>
    </ExternalLink>
  );
}
