import { useAtom, useSetAtom } from "jotai";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { type EditableField, getShow, type MediaSlot, type Show, type ShowFields } from "../api/show";
import { updateShow } from "../features/show/api";
import { languageName, t } from "../features/i18n/i18n";
import { type LanguageOption, useLanguage } from "../features/i18n/language";
import { useLeaveGuard } from "../features/recorder/useLeaveGuard";
import { BriefingReset } from "../features/show/components/BriefingReset";
import { EditorLayout, jumpToPreview } from "../features/show/components/EditorLayout";
import { MediaSlots } from "../features/show/components/MediaSlots";
import { type RestorablePart, RestoreDefaults } from "../features/show/components/RestoreDefaults";
import { LeaveDialog, SaveBar, type SaveStatus } from "../features/show/components/SaveBar";
import { Section } from "../features/show/components/Section";
import { ServerWarnings } from "../features/show/components/ServerWarnings";
import { AccentField, FaqList, markdownHint, ParagraphList, ShowFlag, ShowText } from "../features/show/components/ShowFields";
import { ShowPreview } from "../features/show/components/ShowPreview";
import { TranslationEditor } from "../features/show/components/TranslationEditor";
import { changeCount, changesOf, draftOf, previewOf, type StagedMedia } from "../features/show/draft";
import { refreshShowAtom, showAtom } from "../features/show/state";
import { Alert, Button, buttonClass, Spinner } from "../ui/Button";
import { Page } from "../ui/Layout";

/** Files chosen for the media slots, each with a local address the preview plays or shows. */
function useStagedFiles() {
  const [staged, setStaged] = useState<Partial<Record<MediaSlot, { file: File; url: string }>>>({});
  const latest = useRef(staged);
  latest.current = staged;
  useEffect(() => () => Object.values(latest.current).forEach((entry) => URL.revokeObjectURL(entry.url)), []);
  const stage = (slot: MediaSlot, file: File | null) =>
    setStaged((old) => {
      const next = { ...old };
      if (old[slot]) URL.revokeObjectURL(old[slot].url);
      if (file) next[slot] = { file, url: URL.createObjectURL(file) };
      else delete next[slot];
      return next;
    });
  return { staged, stage };
}

/** The show in one language, read again whenever its version changes (a save here, in another tab, by another admin). */
function useShowIn(language: string, version: number) {
  const [answer, setAnswer] = useState<{ show?: Show; error?: string }>({});
  useEffect(() => {
    let live = true;
    getShow(language).then(
      (show) => live && setAnswer({ show }),
      (error: Error) => live && setAnswer({ error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [language, version]);
  return answer;
}

/** The main language's form: every field, lists reordered here, as before languages. */
function MainEditor({ show: loaded, language, staged, onSaved, onDirty, after }: { show: Show; language: LanguageOption; staged: StagedMedia; onSaved: (show: Show) => void; onDirty: (dirty: boolean) => void; after: ReactNode }) {
  const [draft, setDraft] = useState<ShowFields>(() => draftOf(loaded));
  const [base, setBase] = useState(loaded);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<SaveStatus>(null);

  const changes = useMemo(() => changesOf(base, draft), [base, draft]);
  const changed = Object.keys(changes).length > 0;
  // Unsaved texts are not lost by a stray tap: leaving asks first (the browser asks on closing the tab).
  const guard = useLeaveGuard(changed);
  useEffect(() => onDirty(changed), [changed, onDirty]);
  // A change saved elsewhere (another admin, another tab) shows here unless this form has changes of its own: each new
  // answer once (a save here sets the base itself, before the answer read again after it arrives).
  const seen = useRef(loaded);
  useEffect(() => {
    if (loaded === seen.current) return;
    seen.current = loaded;
    setBase(loaded);
    if (!changed) setDraft(draftOf(loaded));
  }, [loaded, changed]);

  const edit = { show: base, draft, onChange: (patch: Partial<ShowFields>) => (setStatus(null), setDraft((old) => ({ ...old, ...patch }))) };
  const preview = useMemo(() => previewOf(base, draft, staged), [base, draft, staged]);

  const restore = (fields: EditableField[], part: RestorablePart) => (
    <RestoreDefaults
      show={base}
      fields={fields}
      part={part}
      onRestored={(saved, restored) => {
        onSaved(saved);
        setBase(saved);
        const built = draftOf(saved);
        setDraft((old) => ({ ...old, ...Object.fromEntries(restored.map((field) => [field, built[field]])) }));
        setStatus({ tone: "success", text: t("showEditor.restore.done", { part }) });
      }}
    />
  );

  async function save() {
    setSaving(true);
    setStatus(null);
    try {
      const saved = await updateShow(changes);
      onSaved(saved);
      setBase(saved);
      setDraft(draftOf(saved));
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
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Section title={t("showEditor.section.name")}>
              <ShowText edit={edit} field="project_name" label={t("showEditor.project_name")} maxLength={80} />
              <AccentField edit={edit} />
            </Section>
            <Section
              anchor="landing"
              title={t("showEditor.section.landing")}
              lead={t("showEditor.section.landing_lead")}
              restore={restore(["landing_eyebrow", "landing_text", "landing_archive_text", "ticket_warning", "spy_link_text", "spy_url"], "landing")}
            >
              <ShowText edit={edit} field="landing_eyebrow" label={t("showEditor.landing_eyebrow")} maxLength={80} />
              <ShowText edit={edit} field="landing_text" label={t("showEditor.landing_text")} multiline hint={markdownHint()} />
              <ShowText edit={edit} field="landing_archive_text" label={t("showEditor.landing_archive_text")} multiline hint={markdownHint()} />
              <ShowText edit={edit} field="ticket_warning" label={t("showEditor.ticket_warning")} maxLength={300} hint={t("showEditor.ticket_warning_hint")} />
              <ShowText edit={edit} field="spy_link_text" label={t("showEditor.spy_link_text")} maxLength={80} />
              <ShowText edit={edit} field="spy_url" label={t("showEditor.spy_url")} hint={t("showEditor.spy_url_hint")} />
            </Section>
            <Section anchor="instructions" title={t("showEditor.section.instructions")} lead={t("showEditor.section.instructions_lead")} restore={restore(["instructions_title", "instructions"], "instructions")}>
              <ShowText edit={edit} field="instructions_title" label={t("showEditor.instructions_title")} maxLength={80} />
              <ParagraphList edit={edit} field="instructions" min={1} max={10} />
            </Section>
            <Section anchor="faq" title={t("help.faq")} lead={t("showEditor.section.faq_lead")} restore={restore(["faq"], "faq")}>
              <FaqList edit={edit} />
            </Section>
            <Section anchor="archive" title={t("showEditor.section.archive_intro")} lead={t("showEditor.section.archive_intro_lead")} restore={restore(["archive_intro"], "archive_intro")}>
              <ParagraphList edit={edit} field="archive_intro" min={1} max={20} />
              <ShowText edit={edit} field="archive_licence" label={t("showEditor.archive_licence")} multiline maxLength={5000} hint={t("showEditor.archive_licence_hint")} />
              <ShowText edit={edit} field="archive_credit" label={t("showEditor.archive_credit")} maxLength={300} hint={t("showEditor.archive_credit_hint")} />
              <ShowFlag edit={edit} field="redaction_required" label={t("showEditor.redaction_required")} hint={t("showEditor.redaction_required_hint")} />
            </Section>
            <Section anchor="privacy" title={t("privacy.notice_title")} lead={t("showEditor.section.privacy_lead")} restore={restore(["privacy_notice"], "privacy")}>
              <ShowText edit={edit} field="privacy_notice" label={t("showEditor.privacy_notice")} multiline maxLength={20_000} hint={markdownHint()} />
            </Section>
            <Section anchor="mail" title={t("showEditor.section.reset_mail")} restore={restore(["reset_mail_subject", "reset_mail_note"], "mail")}>
              <ShowText edit={edit} field="reset_mail_subject" label={t("showEditor.reset_mail_subject")} maxLength={150} hint={t("showEditor.reset_mail_subject_hint")} />
              <ShowText edit={edit} field="reset_mail_note" label={t("showEditor.reset_mail_note")} multiline maxLength={500} />
            </Section>
            <SaveBar status={status} changes={changeCount(base, draft, Object.keys(changes))} saving={saving} onDiscard={() => (setDraft(draftOf(base)), setStatus(null))} />
          </form>
        }
        preview={<ShowPreview show={preview} language={language} />}
        after={after}
      />
      <LeaveDialog guard={guard} />
    </>
  );
}

/** Which language the form edits: the main one (every field) or another (its translation). */
function LanguagePicker({ languages, main, value, locked, onChange }: { languages: LanguageOption[]; main: string; value: string; locked: boolean; onChange: (code: string) => void }) {
  if (languages.length < 2) return null;
  return (
    <div className="mb-6 space-y-2">
      <div role="group" aria-label={t("showEditor.translate.language_label")} className="flex flex-wrap gap-2">
        {languages.map((option) => (
          <Button key={option.code} size="sm" variant={value === option.code ? "primary" : "secondary"} aria-pressed={value === option.code} disabled={locked && value !== option.code} onClick={() => onChange(option.code)}>
            <span lang={option.code}>{option.name}</span>
            {option.code === main && <span className="font-normal">{t("showEditor.translate.main_marker")}</span>}
          </Button>
        ))}
      </div>
      <p className="text-sm text-muted">{locked ? t("showEditor.translate.switch_blocked") : t("showEditor.translate.language_hint", { language: languageName(main) })}</p>
    </div>
  );
}

/** Administration → Show: every word and medium of this show, in every language, edited with a live preview, saved for everyone at once. */
export default function ShowScreen() {
  const [show, setShow] = useAtom(showAtom);
  const refreshShow = useSetAtom(refreshShowAtom);
  const { languages } = useLanguage();
  const main = show.main_language || show.language;
  const [language, setLanguage] = useState(main);
  const [dirty, setDirty] = useState(false);
  const editing = useShowIn(language, show.version);
  const inMain = useShowIn(main, show.version);
  const { staged, stage } = useStagedFiles();
  const stagedMedia: StagedMedia = useMemo(() => Object.fromEntries(Object.entries(staged).map(([slot, entry]) => [slot, { url: entry.url, type: entry.file.type }])), [staged]);
  const option = languages.find((candidate) => candidate.code === language) ?? { code: language, name: languageName(language), dir: "ltr" as const };
  // The admin's own copy of the show follows in their language: a save answers in the language saved (media: the main one).
  const saved = (next: Show) => (next.language === show.language ? setShow(next) : void refreshShow().catch(() => {}));

  const after = (
    <>
      <Section anchor="media" title={t("showEditor.section.media")} lead={t("showEditor.section.media_lead")}>
        <MediaSlots show={show} staged={Object.fromEntries(Object.entries(staged).map(([slot, entry]) => [slot, entry.file]))} onStage={stage} onSaved={saved} />
      </Section>
      <Section title={t("showEditor.section.briefing")}>
        <BriefingReset />
      </Section>
    </>
  );
  const error = editing.error ?? inMain.error;
  const ready = editing.show?.language === language && inMain.show;

  return (
    <Page
      title={t("showEditor.title")}
      wide
      lead={t("showEditor.lead")}
      actions={
        <>
          <Link href="/admin" className={buttonClass("ghost")}>
            {t("server.back_to_console")}
          </Link>
          {/* A phone's preview is below every field: the way there from the top (the save bar has one lower down). */}
          <Button variant="secondary" className="lg:hidden" onClick={jumpToPreview}>
            {t("showEditor.preview")}
          </Button>
        </>
      }
    >
      <ServerWarnings />
      <LanguagePicker languages={languages} main={main} value={language} locked={dirty} onChange={setLanguage} />
      {error ? (
        <Alert>{t("showEditor.translate.load_failed", { error })}</Alert>
      ) : !ready ? (
        <Spinner />
      ) : language === main ? (
        <MainEditor key={language} show={editing.show!} language={option} staged={stagedMedia} onSaved={saved} onDirty={setDirty} after={after} />
      ) : (
        <TranslationEditor key={language} show={editing.show!} main={inMain.show!} language={option} staged={stagedMedia} onSaved={saved} onDirty={setDirty} after={after} />
      )}
    </Page>
  );
}
