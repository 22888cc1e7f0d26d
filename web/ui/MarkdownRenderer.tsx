import { compiler, type MarkdownToJSX, sanitizer } from "markdown-to-jsx/react";
import type { ComponentProps } from "react";
import { t } from "../features/i18n/i18n";

/** Only these link targets survive; anything else (javascript:, data:, relative paths) leaves the text unlinked. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

function SafeLink({ href, children, title }: ComponentProps<"a">) {
  if (!href || !SAFE_LINK.test(href)) return <>{children}</>;
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer" className="font-semibold underline decoration-accent decoration-2 underline-offset-2">
      {children}
      <span className="sr-only"> {t("link.opens_new_tab")}</span>
    </a>
  );
}

/** A show text has no page structure of its own: its headings are bold paragraphs, its images their alt text. */
const Strong = ({ children }: ComponentProps<"p">) => (
  <p>
    <strong>{children}</strong>
  </p>
);
const AltText = ({ alt }: ComponentProps<"img">) => <>{alt}</>;
/** Lists keep their bullets and numbers (the page's reset takes them away). */
const Bullets = ({ children }: ComponentProps<"ul">) => <ul className="list-disc space-y-1 ps-5">{children}</ul>;
const Numbers = ({ children, start }: ComponentProps<"ol">) => (
  <ol start={start} className="list-decimal space-y-1 ps-5">
    {children}
  </ol>
);

const OPTIONS: MarkdownToJSX.Options = {
  // Raw HTML is never markup: `<img onerror=…>` stays visible text.
  disableParsingRawHTML: true,
  forceBlock: true,
  wrapper: null,
  sanitizer: (value, _tag, attribute) => (attribute === "href" && !SAFE_LINK.test(value.trim()) ? null : sanitizer(value)),
  overrides: { a: SafeLink, img: AltText, ul: Bullets, ol: Numbers, h1: Strong, h2: Strong, h3: Strong, h4: Strong, h5: Strong, h6: Strong },
};

export default function MarkdownRenderer({ text }: { text: string }) {
  return <>{compiler(text, OPTIONS)}</>;
}
