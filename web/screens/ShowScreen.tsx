import { useAtom } from "jotai";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import type { EditableField, MediaSlot, Show, ShowFields } from "../api/show";
import { updateShow } from "../features/show/api";
import { NavBar } from "../features/shell/NavBar";
import { ArchiveIntro } from "../features/archive/ArchiveIntro";
import { type MessageId, t } from "../features/i18n/i18n";
import { useLeaveGuard } from "../features/recorder/useLeaveGuard";
import { BriefingReset } from "../features/show/components/BriefingReset";
import { MediaSlots } from "../features/show/components/MediaSlots";
import { type RestorablePart, RestoreDefaults } from "../features/show/components/RestoreDefaults";
import { PhoneFrame } from "../features/show/components/PhoneFrame";
import { ServerWarnings } from "../features/show/components/ServerWarnings";
import { AccentField, FaqList, markdownHint, ParagraphList, ShowText } from "../features/show/components/ShowFields";
import { changesOf, draftOf, previewOf, type StagedMedia } from "../features/show/draft";
import { showAtom } from "../features/show/state";
import { textMarks } from "../features/show/textLanguage";
import { Alert, Button, buttonClass, Spinner } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Page } from "../ui/Layout";
import HelpScreen from "./HelpScreen";
import { ParticipantHome, VisitorLanding } from "./HomeScreen";

function Section({ title, lead, restore, children }: { title: string; lead?: string; restore?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-card bg-surface p-4 shadow-lift ring-1 ring-line sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={id} className="font-display text-display-sm text-ink-950">
            {title}
          </h2>
          {lead && <p className="mt-1 text-sm text-muted">{lead}</p>}
        </div>
        {restore}
      </div>
      {children}
    </section>
  );
}

/** Each page the preview shows: its button's name, and the phone frame's title while it is shown. */
const PAGES = {
  landing: { name: "showEditor.page.landing", frame: "showEditor.preview_frame.landing" },
  home: { name: "nav.home", frame: "showEditor.preview_frame.home" },
  help: { name: "nav.help", frame: "showEditor.preview_frame.help" },
  archive: { name: "nav.archive", frame: "showEditor.preview_frame.archive" },
} as const satisfies Record<string, { name: MessageId; frame: MessageId }>;
type PreviewPage = keyof typeof PAGES;

function PreviewScreen({ page }: { page: PreviewPage }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <NavBar />
      {page === "landing" && (
        <main className="flex flex-1 flex-col">
          <VisitorLanding />
        </main>
      )}
      {page === "home" && (
        <main className="flex flex-1 flex-col">
          <ParticipantHome />
        </main>
      )}
      {page === "help" && <HelpScreen />}
      {page === "archive" && <ArchiveScreenIntro />}
    </div>
  );
}

function ArchiveScreenIntro() {
  return (
    <main className="surface-dark flex-1 bg-ink-950 px-4 pt-10 pb-16 text-ink-100">
      <PreviewArchiveIntro />
    </main>
  );
}

function PreviewArchiveIntro() {
  const [show] = useAtom(showAtom);
  return <ArchiveIntro projectName={show.project_name} paragraphs={show.archive_intro} marks={(index) => textMarks(show, "archive_intro", index)} />;
}

/** The preview: a phone's screen showing the draft and the chosen files as participants would see them once saved. */
function Preview({ show }: { show: Show }) {
  const [page, setPage] = useState<PreviewPage>("landing");
  return (
    <section aria-labelledby="preview-title" className="space-y-3">
      <h2 id="preview-title" className="font-display text-display-sm text-ink-950">
        {t("showEditor.preview")}
      </h2>
      <div role="group" aria-label={t("showEditor.page_to_preview")} className="flex flex-wrap gap-2">
        {(Object.keys(PAGES) as PreviewPage[]).map((key) => (
          <Button key={key} size="sm" variant={page === key ? "primary" : "secondary"} aria-pressed={page === key} onClick={() => setPage(key)}>
            {t(PAGES[key].name)}
          </Button>
        ))}
      </div>
      <PhoneFrame show={show} title={t(PAGES[page].frame)}>
        <PreviewScreen page={page} />
      </PhoneFrame>
    </section>
  );
}

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

/** Administration → Show: every word and medium of this show, edited with a live preview, saved for everyone at once. */
export default function ShowScreen() {
  const [show, setShow] = useAtom(showAtom);
  const [draft, setDraft] = useState<ShowFields>(() => draftOf(show));
  const [base, setBase] = useState(show);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const { staged, stage } = useStagedFiles();

  const changes = useMemo(() => changesOf(base, draft), [base, draft]);
  const changed = Object.keys(changes).length > 0;
  // Unsaved texts are not lost by a stray tap: leaving asks first (the browser asks on closing the tab).
  const guard = useLeaveGuard(changed);
  // A change saved elsewhere (another admin, another tab) shows here unless this form has changes of its own.
  useEffect(() => {
    if (show === base) return;
    setBase(show);
    if (!changed) setDraft(draftOf(show));
  }, [show, base, changed]);

  const edit = { show: base, draft, onChange: (patch: Partial<ShowFields>) => (setStatus(null), setDraft((old) => ({ ...old, ...patch }))) };
  const preview = useMemo(() => {
    const media: StagedMedia = Object.fromEntries(Object.entries(staged).map(([slot, entry]) => [slot, { url: entry.url, type: entry.file.type }]));
    return previewOf(show, draft, media);
  }, [show, draft, staged]);

  const restore = (fields: EditableField[], part: RestorablePart) => (
    <RestoreDefaults
      show={base}
      fields={fields}
      part={part}
      onRestored={(saved, restored) => {
        setShow(saved);
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
      setShow(saved);
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
    <Page
      title={t("showEditor.title")}
      wide
      lead={t("showEditor.lead")}
      actions={
        <Link href="/admin" className={buttonClass("ghost")}>
          {t("server.back_to_console")}
        </Link>
      }
    >
      <ServerWarnings />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_410px]">
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
          <Section
            title={t("showEditor.section.instructions")}
            lead={t("showEditor.section.instructions_lead")}
            restore={restore(["instructions_title", "instructions"], "instructions")}
          >
            <ShowText edit={edit} field="instructions_title" label={t("showEditor.instructions_title")} maxLength={80} />
            <ParagraphList edit={edit} field="instructions" min={1} max={10} />
          </Section>
          <Section title={t("help.faq")} lead={t("showEditor.section.faq_lead")} restore={restore(["faq"], "faq")}>
            <FaqList edit={edit} />
          </Section>
          <Section title={t("showEditor.section.archive_intro")} lead={t("showEditor.section.archive_intro_lead")} restore={restore(["archive_intro"], "archive_intro")}>
            <ParagraphList edit={edit} field="archive_intro" min={1} max={20} />
          </Section>
          <Section title={t("privacy.notice_title")} lead={t("showEditor.section.privacy_lead")} restore={restore(["privacy_notice"], "privacy")}>
            <ShowText edit={edit} field="privacy_notice" label={t("showEditor.privacy_notice")} multiline maxLength={20_000} hint={markdownHint()} />
          </Section>
          <Section title={t("showEditor.section.reset_mail")} restore={restore(["reset_mail_subject", "reset_mail_note"], "mail")}>
            <ShowText edit={edit} field="reset_mail_subject" label={t("showEditor.reset_mail_subject")} maxLength={150} hint={t("showEditor.reset_mail_subject_hint")} />
            <ShowText edit={edit} field="reset_mail_note" label={t("showEditor.reset_mail_note")} multiline maxLength={500} />
          </Section>
          <div className="sticky bottom-[calc(var(--tab-bar)+0.5rem)] z-10 space-y-3 rounded-card bg-surface/95 p-3 shadow-lift ring-1 ring-line backdrop-blur sm:p-4">
            {status && <Alert tone={status.tone}>{status.text}</Alert>}
            <div className="flex items-center gap-2 sm:gap-3">
              <Button type="submit" variant="primary" disabled={!changed || saving}>
                {saving && <Spinner />}
                {t("showEditor.save")}
              </Button>
              <Button variant="ghost" disabled={!changed || saving} onClick={() => (setDraft(draftOf(base)), setStatus(null))}>
                {t("showEditor.discard")}
              </Button>
              <span className="min-w-0 text-xs text-muted sm:text-sm">
                {changed ? t("showEditor.unsaved_changes", { count: Object.keys(changes).length }) : t("showEditor.no_unsaved_changes")}
              </span>
            </div>
          </div>
        </form>
        <div className="min-w-0 lg:row-span-2">
          <div className="lg:sticky lg:top-20">
            <Preview show={preview} />
          </div>
        </div>
        <div className="min-w-0 space-y-6">
          <Section title={t("showEditor.section.media")} lead={t("showEditor.section.media_lead")}>
            <MediaSlots show={show} staged={Object.fromEntries(Object.entries(staged).map(([slot, entry]) => [slot, entry.file]))} onStage={stage} onSaved={setShow} />
          </Section>
          <Section title={t("showEditor.section.briefing")}>
            <BriefingReset />
          </Section>
        </div>
      </div>
      <ConfirmDialog
        open={guard.asking}
        title={t("showEditor.leave_title")}
        message={t("showEditor.leave_message")}
        onCancel={guard.stay}
        onConfirm={guard.leave}
      />
    </Page>
  );
}
