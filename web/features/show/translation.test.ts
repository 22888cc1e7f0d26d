import { expect, test } from "bun:test";
import type { Show } from "../../api/show";
import { translationChanges, translationDraftOf, translationPreview, untranslated, withText } from "./translation";

/** The show as GET /api/show?language=fr answers it: step 2 and FAQ answer 1 fall back to English. */
const french = {
  language: "fr",
  main_language: "en",
  locked: {},
  spy_link_text: "CLIQUEZ ICI",
  ticket_warning: "",
  landing_eyebrow: "Une enquête",
  landing_text: "Texte",
  landing_archive_text: "Archive",
  instructions_title: "Votre rendez-vous",
  instructions: ["Un", "Meet at the pier.", "Trois"],
  faq: [{ question: "Quand ?", answer: "Your mail says." }],
  archive_intro: ["Intro"],
  reset_mail_subject: "{code}",
  reset_mail_note: "Note",
  privacy_notice: "Avis",
  languages: {
    spy_link_text: "fr",
    ticket_warning: "en",
    landing_eyebrow: "fr",
    landing_text: "fr",
    landing_archive_text: "fr",
    instructions_title: "fr",
    instructions: ["fr", "en", "fr"],
    faq: [{ question: "fr", answer: "en" }],
    archive_intro: ["fr"],
    reset_mail_subject: "fr",
    reset_mail_note: "fr",
    privacy_notice: "fr",
  },
} as unknown as Show;
const english = {
  ...french,
  language: "en",
  instructions: ["One", "Meet at the pier.", "Three"],
  faq: [{ question: "When?", answer: "Your mail says." }],
  ticket_warning: "",
  languages: { ...french.languages, instructions: ["en", "en", "en"], faq: [{ question: "en", answer: "en" }] },
} as unknown as Show;

test("the form holds the French texts, empty where phones fall back to English", () => {
  const draft = translationDraftOf(french);
  expect(draft.instructions).toEqual(["Un", "", "Trois"]);
  expect(draft.faq).toEqual([{ question: "Quand ?", answer: "" }]);
  expect(draft.landing_eyebrow).toBe("Une enquête");
  // The English ticket warning is empty: nothing to translate, so not counted.
  expect(untranslated(english, draft).map((address) => `${address.field}${address.index ?? ""}${address.part ?? ""}`)).toEqual(["instructions1", "faq0answer"]);
});

test("a save sends the changed fields only, lists whole with null where a text stays untranslated", () => {
  let draft = withText(translationDraftOf(french), { field: "instructions", index: 1 }, "Rendez-vous au ponton.");
  draft = withText(draft, { field: "landing_eyebrow" }, "  ");
  expect(translationChanges(french, draft)).toEqual({ instructions: ["Un", "Rendez-vous au ponton.", "Trois"], landing_eyebrow: null });
  expect(translationChanges(french, translationDraftOf(french))).toEqual({});
  const faq = withText(translationDraftOf(french), { field: "faq", index: 0, part: "question" }, "");
  expect(translationChanges(french, faq)).toEqual({ faq: [null] });
});

test("the preview shows what French phones will read, each text marked with its language", () => {
  let draft = withText(translationDraftOf(french), { field: "instructions", index: 1 }, "Rendez-vous au ponton.");
  draft = withText(draft, { field: "instructions", index: 2 }, ""); // emptied: the English comes back
  const preview = translationPreview(french, english, draft);
  expect(preview.instructions).toEqual(["Un", "Rendez-vous au ponton.", "Three"]);
  expect(preview.languages!.instructions).toEqual(["fr", "fr", "en"]);
  expect(french.languages!.instructions).toEqual(["fr", "en", "fr"]); // the answer itself is left as it was
});
