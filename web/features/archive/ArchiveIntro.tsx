import { Markdown } from "../../ui/Markdown";
import { useT } from "../i18n/scope";
import type { TextMarks } from "../show/textLanguage";

/** The exhibition's opening: the project's name in the display face and the show's introduction (Markdown, one string a paragraph). */
export function ArchiveIntro({ projectName, paragraphs, marks }: { projectName: string; paragraphs: string[]; marks: (index: number) => TextMarks }) {
  const { t } = useT();
  return (
    <header className="mb-10 max-w-3xl sm:mb-14">
      <p className="text-xs font-semibold tracking-[0.25em] text-tape uppercase">{t("archive.eyebrow")}</p>
      <h1 className="mt-3 font-display text-display-lg break-words text-white sm:text-display-xl">{projectName || t("nav.archive")}</h1>
      {paragraphs.length > 0 && (
        <div className="mt-6 space-y-4 text-base leading-relaxed text-ink-200 sm:text-lg">
          {paragraphs.map((paragraph, index) => (
            <Markdown key={index} text={paragraph} className="space-y-4" {...marks(index)} />
          ))}
        </div>
      )}
    </header>
  );
}
