import { expect, test } from "bun:test";
import { formatMessage } from "./format-message";
import { compileMessage } from "./messages";

const say = (text: string, locale: string, values?: Record<string, unknown>) => formatMessage(compileMessage(text), locale, values);

test("placeholders are filled in; a value not given leaves nothing, not 'undefined'", () => {
  expect(say("Spy on {project}", "en", { project: "Harbour Watch" })).toBe("Spy on Harbour Watch");
  expect(say("Hello {name},", "en")).toBe("Hello ,");
});

test("plurals follow each language's rules, # is the number in its language, exact cases come first", () => {
  const items = "{count, plural, =0 {nothing} one {# item} other {# items}}";
  expect([0, 1, 2, 1200].map((count) => say(items, "en", { count }))).toEqual(["nothing", "1 item", "2 items", "1,200 items"]);
  const french = "{count, plural, one {# élément} many {# d’éléments} other {# éléments}}";
  expect([0, 1, 2, 1_000_000].map((count) => say(french, "fr", { count }))).toEqual(["0 élément", "1 élément", "2 éléments", "1\u202f000\u202f000 d’éléments"]);
  const arabic = "{count, plural, zero {لا عناصر} one {عنصر واحد} two {عنصران} few {# عناصر} many {# عنصرًا} other {# عنصر}}";
  expect([0, 1, 2, 3, 11, 100].map((count) => say(arabic, "ar", { count }))).toEqual(["لا عناصر", "عنصر واحد", "عنصران", "3 عناصر", "11 عنصرًا", "100 عنصر"]);
  expect(say("{n, plural, offset:1 one {you and # other} other {you and # others}}", "en", { n: 3 })).toBe("you and 2 others");
  expect(say("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "en", { n: 22 })).toBe("22nd");
});

test("select picks its case by own keys only (a value like 'constructor' gets other); numbers and dates go through Intl", () => {
  const kind = "{kind, select, photo {a photo} video {a video} other {an item}}";
  expect(["photo", "video", "constructor", undefined].map((value) => say(kind, "en", { kind: value }))).toEqual(["a photo", "a video", "an item", "an item"]);
  expect(say("{size, number} MB", "de", { size: 1234.5 })).toBe("1.234,5 MB");
  expect(say("{when, date, short}", "en", { when: new Date(Date.UTC(2026, 10, 25, 12)) })).toBe("11/25/26");
  expect(formatMessage(undefined, "en")).toBeUndefined();
});
