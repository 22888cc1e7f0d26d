import { useAtomValue } from "jotai";
import { Markdown } from "../../ui/Markdown";
import { showAtom } from "../show/state";
import { textMarks } from "../show/textLanguage";

/** Spec §2: the appointment instructions for a logged-in participant (the show's words), as numbered steps. */
export function Instructions() {
  const show = useAtomValue(showAtom);
  const { instructions_title: title, instructions: steps } = show;
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="instructions-title">
      <h2 id="instructions-title" className="font-display text-display-sm text-ink-950" {...textMarks(show, "instructions_title")}>
        {title}
      </h2>
      <ol className="mt-4 grid gap-4 md:grid-cols-3">
        {steps.map((text, index) => (
          <li key={index} className="flex gap-4 border-t border-line pt-4">
            <span aria-hidden="true" className="font-display text-display-md leading-none text-accent">
              {index + 1}
            </span>
            <Markdown text={text} className="min-w-0 flex-1 space-y-3 text-base leading-relaxed text-ink-800" {...textMarks(show, "instructions", index)} />
          </li>
        ))}
      </ol>
    </section>
  );
}
