import { useAtomValue } from "jotai";
import { useState } from "react";
import type { Show } from "../../../api/show";
import { Button } from "../../../ui/Button";
import HelpScreen from "../../../screens/HelpScreen";
import { ParticipantHome, VisitorLanding } from "../../../screens/HomeScreen";
import { ArchiveIntro } from "../../archive/ArchiveIntro";
import { type MessageId, t } from "../../i18n/i18n";
import type { LanguageOption } from "../../i18n/language";
import { NavBar } from "../../shell/NavBar";
import { showAtom } from "../state";
import { textMarks } from "../textLanguage";
import { PhoneFrame } from "./PhoneFrame";

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
  const show = useAtomValue(showAtom);
  return <ArchiveIntro projectName={show.project_name} paragraphs={show.archive_intro} marks={(index) => textMarks(show, "archive_intro", index)} />;
}

/**
 * The preview: a phone's screen showing the draft and the chosen files as participants would see them once saved, its
 * texts in the language being edited (set right to left for Arabic).
 */
export function ShowPreview({ show, language }: { show: Show; language?: LanguageOption }) {
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
      <PhoneFrame show={show} title={t(PAGES[page].frame)} language={language}>
        <PreviewScreen page={page} />
      </PhoneFrame>
    </section>
  );
}

