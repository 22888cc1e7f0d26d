import { expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { MARKUP } from "./Markdown";
import MarkdownRenderer from "./MarkdownRenderer";

const html = (text: string) => renderToStaticMarkup(<MarkdownRenderer text={text} />);

test("paragraphs, emphasis and safe links are formatted", () => {
  expect(html("One *two* **three**\n\nFour")).toBe("<p>One <em>two</em> <strong>three</strong></p><p>Four</p>");
  const link = html("[the map](https://example.org/map) or [mail](mailto:desk@example.org)");
  expect(link).toContain('<a href="https://example.org/map" target="_blank" rel="noopener noreferrer"');
  expect(link).toContain('href="mailto:desk@example.org"');
});

test("raw HTML is shown as text, never as markup", () => {
  for (const hostile of ['<img src=x onerror="alert(1)">', "<script>alert(1)</script>", '<a href="javascript:alert(1)">x</a>', "<iframe src=//evil>"]) {
    const out = html(hostile);
    expect(out).not.toMatch(/<(img|script|iframe)\b/i);
    expect(out).not.toMatch(/<a\b/i);
    expect(out).toContain("&lt;");
  }
});

test("links anywhere but http(s) and mailto are not links", () => {
  for (const target of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "data:text/html,<b>x</b>", "vbscript:x", "/admin", "//evil.example"]) {
    const out = html(`[click](${target})`);
    expect(out).not.toContain("<a");
    expect(out).not.toContain("javascript");
  }
  expect(html("![x](https://evil.example/pixel.png)")).not.toContain("<img");
  expect(html("# Big")).toBe("<p><strong>Big</strong></p>");
});

test("only texts with Markdown syntax load the renderer", () => {
  for (const plain of ["You will receive a confirmation e-mail.", "Bring a phone. Wireless earbuds drop calls!", "Meet at 5th Avenue (corner)."]) expect(MARKUP.test(plain)).toBe(false);
  for (const marked of ["*one*", "a [link](https://x.org)", "see https://example.org", "- a list", "1. first", "<b>", "Q&amp;A"]) expect(MARKUP.test(marked)).toBe(true);
});

test("lists keep their bullets and numbers", () => {
  expect(html("- one\n- two")).toMatch(/^<ul class="list-disc[^"]*"><li>one<\/li><li>two<\/li><\/ul>$/);
  expect(html("3. three\n4. four")).toMatch(/^<ol start="3" class="list-decimal[^"]*">/);
});
