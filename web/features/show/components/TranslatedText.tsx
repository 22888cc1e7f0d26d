import type { Show } from "../../../api/show";
import { TextArea, TextField } from "../../../ui/Field";
import { languageName, t } from "../../i18n/i18n";
import { languageOf, readText, type TextAddress, type TranslationDraft, withText } from "../translation";

/** What a translation's fields share: the show in the language being written and in the main one, and the form. */
export type Translating = { show: Show; main: Show; draft: TranslationDraft; onChange: (draft: TranslationDraft) => void };

/**
 * One text in the language being written, the main language's words above it (read-only) and, while it is empty,
 * which language phones read it in instead. A text the main language leaves empty has nothing to translate.
 */
export function TranslatedText({ translating, address, label, multiline = false, maxLength }: { translating: Translating; address: TextAddress; label: string; multiline?: boolean; maxLength?: number }) {
  const { show, main, draft, onChange } = translating;
  const original = readText(main, address);
  if (!original.trim()) return null;
  const value = readText(draft, address);
  // Emptied here: phones fall back to the main text; never written: to what the server falls back to now.
  const fallback = languageOf(show, address) === show.language ? languageOf(main, address) : languageOf(show, address);
  const props = {
    label,
    value,
    maxLength,
    lang: show.language,
    dir: "auto" as const,
    hint: value.trim() ? undefined : t("showEditor.translate.not_translated", { language: languageName(fallback) }),
    onChange: (event: { target: { value: string } }) => onChange(withText(draft, address, event.target.value)),
  };
  return (
    <div className="space-y-2" data-translated={value.trim() ? "yes" : "no"}>
      <div className="rounded-lg bg-paper-deep/60 p-3 text-sm ring-1 ring-line">
        <p className="text-xs font-semibold text-muted">{t("showEditor.translate.original", { language: languageName(main.language) })}</p>
        <p className="mt-1 break-words whitespace-pre-wrap text-ink-800" lang={languageOf(main, address)} dir="auto">
          {original}
        </p>
      </div>
      {multiline ? <TextArea rows={3} {...props} /> : <TextField {...props} />}
    </div>
  );
}
