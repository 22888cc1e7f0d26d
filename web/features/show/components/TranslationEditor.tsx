import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { Show } from "../../../api/show";
import { languageName, t } from "../../i18n/i18n";
import type { LanguageOption } from "../../i18n/language";
import { useLeaveGuard } from "../../recorder/useLeaveGuard";
import { updateTranslation } from "../api";
import { changeCount, draftOf, previewOf, type StagedMedia } from "../draft";
import { type TextAddress, translationChanges, translationDraftOf, translationPreview, untranslated } from "../translation";
import { EditorLayout } from "./EditorLayout";
import { LeaveDialog, type SaveStatus, SaveBar } from "./SaveBar";
import { Section } from "./Section";
import { ShowPreview } from "./ShowPreview";
import { TranslatedText, type Translating } from "./TranslatedText";

/** The texts of one list (steps, paragraphs, FAQ): one translated field per item of the main language's list. */
function TranslatedList({ translating, field }: { translating: Translating; field: "instructions" | "archive_intro" | "faq" }) {
  const { main } = translating;
  const item = field === "instructions" ? "step" : "paragraph";
  const text = (address: TextAddress, label: string) => <TranslatedText key={`${address.index}-${address.part}`} translating={translating} address={address} label={label} multiline={address.part !== "question"} />;
  return (
    <ol className="space-y-4">
      {main[field].map((_, index) => (
        <li key={index} className="space-y-3 border-t border-line pt-3 first:border-0 first:pt-0">
          {field === "faq"
            ? [text({ field, index, part: "question" }, t("showEditor.item.label", { item: "question", n: index + 1 })), text({ field, index, part: "answer" }, t("showEditor.answer_label", { n: index + 1 }))]
            : text({ field, index }, t("showEditor.item.label", { item, n: index + 1 }))}
        </li>
      ))}
    </ol>
  );
}

/**
 * The Show screen in a language other than the main one: every text beside the main language's, each marked while
 * phones still read it in another language; the lists' order, the show's name, colour and link stay the main form's.
 */
export function TranslationEditor({
  show: loaded,
  main,
  language,
  staged,
  onSaved,
  onDirty,
  after,
}: {
  show: Show;
  main: Show;
  language: LanguageOption;
  staged: StagedMedia;
  onSaved: (show: Show) => void;
  onDirty: (dirty: boolean) => void;
  after: ReactNode;
}) {
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState(() => translationDraftOf(loaded));
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<SaveStatus>(null);
  const changes = useMemo(() => translationChanges(base, draft), [base, draft]);
  const count = useMemo(() => changeCount(translationDraftOf(base), draft, Object.keys(changes)), [base, draft, changes]);
  const guard = useLeaveGuard(count > 0);
  useEffect(() => onDirty(count > 0), [count, onDirty]);
  const missing = untranslated(main, draft).length;
  const translating: Translating = { show: base, main, draft, onChange: (next) => (setStatus(null), setDraft(next)) };
  const preview = useMemo(() => {
    const translated = translationPreview(base, main, draft);
    return previewOf(translated, draftOf(translated), staged);
  }, [base, main, draft, staged]);
  const field = (address: TextAddress, label: string, options: { multiline?: boolean; maxLength?: number } = {}) => (
    <TranslatedText translating={translating} address={address} label={label} {...options} />
  );

  async function save() {
    setSaving(true);
    setStatus(null);
    try {
      const saved = await updateTranslation(language.code, changes);
      setBase(saved);
      setDraft(translationDraftOf(saved));
      onSaved(saved);
      setStatus({ tone: "success", text: t("showEditor.saved") });
    } catch (error) {
      setStatus({ tone: "error", text: t("showEditor.not_saved", { error: (error as Error).message }) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <EditorLayout
        form={
          <form
            className="min-w-0 space-y-6"
            lang={language.code}
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <p role="status" className="rounded-card bg-tape/40 p-3 text-sm font-semibold text-ink-950" data-testid="translation-summary">
              {t("showEditor.translate.summary", { language: languageName(language.code), count: missing })}
            </p>
            <Section title={t("showEditor.section.landing")} lead={t("showEditor.translate.lead", { language: languageName(main.language) })}>
              {field({ field: "landing_eyebrow" }, t("showEditor.landing_eyebrow"), { maxLength: 80 })}
              {field({ field: "landing_text" }, t("showEditor.landing_text"), { multiline: true })}
              {field({ field: "landing_archive_text" }, t("showEditor.landing_archive_text"), { multiline: true })}
              {field({ field: "ticket_warning" }, t("showEditor.ticket_warning"), { maxLength: 300 })}
              {field({ field: "spy_link_text" }, t("showEditor.spy_link_text"), { maxLength: 80 })}
            </Section>
            <Section title={t("showEditor.section.instructions")}>
              {field({ field: "instructions_title" }, t("showEditor.instructions_title"), { maxLength: 80 })}
              <TranslatedList translating={translating} field="instructions" />
            </Section>
            <Section title={t("help.faq")}>
              <TranslatedList translating={translating} field="faq" />
            </Section>
            {!main.locked.archive_intro && (
              <Section title={t("showEditor.section.archive_intro")}>
                <TranslatedList translating={translating} field="archive_intro" />
              </Section>
            )}
            <Section title={t("privacy.notice_title")}>{field({ field: "privacy_notice" }, t("showEditor.privacy_notice"), { multiline: true, maxLength: 20_000 })}</Section>
            <Section title={t("showEditor.section.reset_mail")}>
              {field({ field: "reset_mail_subject" }, t("showEditor.reset_mail_subject"), { maxLength: 150 })}
              {field({ field: "reset_mail_note" }, t("showEditor.reset_mail_note"), { multiline: true, maxLength: 500 })}
            </Section>
            <SaveBar status={status} changes={count} saving={saving} onDiscard={() => (setDraft(translationDraftOf(base)), setStatus(null))} />
          </form>
        }
        preview={<ShowPreview show={preview} language={language} />}
        after={after}
      />
      <LeaveDialog guard={guard} />
    </>
  );
}
