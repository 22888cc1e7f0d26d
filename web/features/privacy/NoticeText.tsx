import type { ReactNode } from "react";

/** **bold** inside a line; everything else stays text (React escapes it: the notice is never HTML). */
function inline(line: string): ReactNode[] {
  return line.split(/(\*\*[^*]+\*\*)/).map((part, index) =>
    part.startsWith("**") && part.endsWith("**") ? <strong key={index}>{part.slice(2, -2)}</strong> : part,
  );
}

/**
 * The privacy notice's Markdown, as far as a notice needs it: `##` headings, `-` lists, paragraphs and bold. The
 * operator writes it; it is still rendered as text, never as HTML.
 */
export function NoticeText({ markdown }: { markdown: string }) {
  const blocks = markdown.split(/\n{2,}/).map((block) => block.trim()).filter(Boolean);
  return (
    <div className="space-y-3 text-sm leading-relaxed" data-testid="privacy-notice">
      {blocks.map((block, index) => {
        if (block.startsWith("#")) return <h3 key={index} className="text-base font-semibold">{inline(block.replace(/^#+\s*/, ""))}</h3>;
        const lines = block.split("\n");
        if (lines.every((line) => line.startsWith("- "))) {
          return (
            <ul key={index} className="list-disc space-y-1 ps-5">
              {lines.map((line, i) => <li key={i}>{inline(line.slice(2))}</li>)}
            </ul>
          );
        }
        const [first, ...rest] = lines;
        if (rest.length && rest.every((line) => line.startsWith("- "))) {
          return (
            <div key={index}>
              <p>{inline(first!)}</p>
              <ul className="mt-1 list-disc space-y-1 ps-5">{rest.map((line, i) => <li key={i}>{inline(line.slice(2))}</li>)}</ul>
            </div>
          );
        }
        return <p key={index}>{inline(lines.join(" "))}</p>;
      })}
    </div>
  );
}
