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
          // The numeral sits in a column of its own width for every step (so the texts line up whatever the digit) and
          // on the first line's baseline (so it reads as that line's number), in either direction.
          <li key={index} className="grid grid-cols-[2rem_minmax(0,1fr)] items-baseline gap-x-3 border-t border-line pt-4">
            <span aria-hidden="true" className="text-center font-display text-display-md leading-none text-accent tabular-nums">
              {index + 1}
            </span>
            <Markdown text={text} className="min-w-0 flex-1 space-y-3 text-base leading-relaxed text-ink-800" {...textMarks(show, "instructions", index)} />
          </li>
        ))}
      </ol>
    </section>
  );
}
