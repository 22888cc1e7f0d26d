import { lazy, Suspense } from "react";

// The renderer (markdown-to-jsx, ≈32 KB gzip) is its own chunk: /home's first JavaScript does not carry it, and a text
// without any Markdown syntax (every built-in text) never loads it.
const MarkdownRenderer = lazy(() => import("./MarkdownRenderer"));

/** What can start Markdown formatting (or a bare address it links); a text without any is shown as it is. */
export const MARKUP = /[*_[\]`<>&\\~#|]|https?:\/\/|^\s*(?:[-+]|\d+[.)])\s|^\s*=+\s*$/m;

/** Paragraphs as text: what a text without formatting renders to, and what shows while the renderer loads. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </>
  );
}

/**
 * A show text written in Markdown (paragraphs, emphasis, links), safely: never raw HTML, links only to http(s) and
 * mailto, opened in a new tab. `className` styles the wrapper; paragraphs are spaced by it (e.g. `space-y-3`).
 */
export function Markdown({ text, className = "", lang, dir }: { text: string; className?: string; lang?: string; dir?: "auto" }) {
  return (
    <div className={className} lang={lang} dir={dir}>
      {MARKUP.test(text) ? (
        <Suspense fallback={<Paragraphs text={text} />}>
          <MarkdownRenderer text={text} />
        </Suspense>
      ) : (
        <Paragraphs text={text} />
      )}
    </div>
  );
}
