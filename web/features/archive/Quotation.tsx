/**
 * A participant's words set as a quotation: the display face, with large italic quote marks hung outside the text.
 * `marks` colours the quote marks (the accent on paper, tape on the dark surface); `className` sets size and clamping
 * (a card clamps to the spec's 6 lines; the viewer shows everything).
 */
export function Quotation({ text, className = "", marks = "text-accent" }: { text: string; className?: string; marks?: string }) {
  return (
    <blockquote dir="auto" className={`relative ps-[0.6em] font-display break-words whitespace-pre-line ${className}`}>
      <span aria-hidden="true" className={`absolute top-[-0.1em] start-[-0.1em] text-[1.6em] leading-none ${marks} italic`}>
        “
      </span>
      {text}
      <span aria-hidden="true" className={`ms-0.5 ${marks} italic`}>
        ”
      </span>
    </blockquote>
  );
}
