import { useAtomValue } from "jotai";
import { type MouseEvent, type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { Alert, Button, Spinner } from "../../../ui/Button";
import { Icon } from "../../../ui/Icon";
import { hasMessage, languageName, type MessageId, say, t } from "../../i18n/i18n";
import { type ChecklistRow, getChecklist, sendTestMail, setAcknowledged } from "../checklist";
import { showAtom } from "../state";

/** The Show screen's name for a field a row names (`params.fields`: "instructions, faq"). */
const FIELD_NAMES: Record<string, MessageId> = {
  instructions: "showEditor.section.instructions",
  instructions_title: "showEditor.section.instructions",
  faq: "help.faq",
  privacy_notice: "privacy.notice_title",
  archive_intro: "showEditor.section.archive_intro",
  reset_mail_subject: "showEditor.section.reset_mail",
  reset_mail_note: "showEditor.section.reset_mail",
};
/** One place a row names: a field ("faq"), or a field's version in a language ("faq (fr)" → "Frequently asked questions (French)"). */
const placeName = (place: string) => {
  const [, field = place, language] = /^(\w+)(?: \(([\w-]+)\))?$/.exec(place) ?? [];
  const name = FIELD_NAMES[field] ? t(FIELD_NAMES[field]) : field;
  return language ? `${name} (${languageName(language)})` : name;
};
const fieldNames = (fields: string) => [...new Set(fields.split(", ").map(placeName))].join(", ");

/** A row in the active language: the catalog's `showEditor.warning.<code>` (src/show/warnings.ts), else the server's sentence. */
const rowText = (row: ChecklistRow, spyUrl: string) => {
  const id = `showEditor.warning.${row.code}`;
  const fields = row.params?.fields;
  return hasMessage(id) ? say(id, { url: spyUrl, ...row.params, ...(fields ? { fields: fieldNames(fields) } : {}) }) : row.message;
};

/** The row's link; on the page it names, a click only scrolls to the section. */
function FixLink({ href }: { href: string }) {
  const [location] = useLocation();
  const [path, anchor] = href.split("#");
  const here = (event: MouseEvent) => {
    if (path !== location || !anchor) return;
    event.preventDefault();
    document.getElementById(anchor)?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  return (
    <Link href={href} onClick={here} className="font-medium text-ink-950 underline underline-offset-2">
      {t("showEditor.checklist_fix")}
    </Link>
  );
}

/** Runs an admin's step on the checklist; the answer is the new list (and `done` says what happened). */
type Act = <T extends { warnings: ChecklistRow[] }>(run: () => Promise<T>, done?: (answer: T) => string) => Promise<void>;

function Row({ row, spyUrl, act, busy }: { row: ChecklistRow; spyUrl: string; act: Act; busy: boolean }) {
  return (
    <li data-code={row.code} className="space-y-1">
      <p>{rowText(row, spyUrl)}</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
        <FixLink href={row.href} />
        {row.restart && <span>{t("showEditor.checklist_restart", { variable: row.restart })}</span>}
        {row.action === "test-mail" && !row.acknowledged && (
          <Button size="sm" disabled={busy} onClick={() => act(sendTestMail, (answer) => t("showEditor.test_mail_sent", { email: answer.to }))}>
            {t("showEditor.test_mail")}
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => act(() => setAcknowledged(row.code, !row.acknowledged))}>
          {row.acknowledged ? t("showEditor.checklist_unacknowledge") : t("showEditor.checklist_acknowledge")}
        </Button>
      </div>
    </li>
  );
}

/**
 * The set-up checklist: what would fail silently on the night (no mail, no backups, plain HTTP, the built-in example's
 * meeting place…), each row a link to where it is fixed, until resolved or acknowledged ("plain HTTP on purpose").
 * Asked again whenever the show changes, since most are resolved by changing it. `folded`: a chip among the console's
 * header actions counting what is neither, opening to the list, so the desk keeps its rows in view during a show.
 */
export function ServerWarnings({ folded = false }: { folded?: boolean }) {
  const { version, spy_url: spyUrl } = useAtomValue(showAtom);
  const [rows, setRows] = useState<ChecklistRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  useEffect(() => {
    let current = true;
    getChecklist().then(
      (answer) => current && setRows(answer.warnings),
      (error) => console.warn("No set-up checklist", error),
    );
    return () => {
      current = false;
    };
  }, [version]);
  // Arriving from a row's link (/admin/show#show-faq): the sections are there once this has rendered.
  useEffect(() => {
    if (!folded && window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [folded]);

  const act: Act = async (run, done) => {
    setBusy(true);
    setStatus(null);
    try {
      const answer = await run();
      setRows(answer.warnings);
      if (done) setStatus({ tone: "success", text: done(answer) });
    } catch (error) {
      console.error("Checklist action failed", error);
      setStatus({ tone: "error", text: error instanceof Error && error.message ? error.message : t("showEditor.checklist_failed") });
    } finally {
      setBusy(false);
    }
  };

  const open = rows.filter((row) => !row.acknowledged);
  const acknowledged = rows.filter((row) => row.acknowledged);
  if (rows.length === 0 || (folded && open.length === 0)) return null;
  const list = (items: ChecklistRow[]) => (
    <ul className="mt-2 list-disc space-y-3 ps-6 text-sm text-ink-900">
      {items.map((row) => (
        <Row key={row.code} row={row} spyUrl={spyUrl} act={act} busy={busy} />
      ))}
    </ul>
  );
  const body: ReactNode = (
    <>
      <span className="flex items-center gap-2 text-sm font-semibold text-ink-950">
        <Icon name="alert" className="size-5" />
        {t("showEditor.server_says")}
      </span>
      {status && (
        <div className="mt-2">
          <Alert tone={status.tone} onDismiss={() => setStatus(null)}>
            {status.text}
          </Alert>
        </div>
      )}
      {busy && <Spinner />}
      {list(open)}
      {acknowledged.length > 0 && !folded && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-muted">{t("showEditor.checklist_acknowledged", { count: acknowledged.length })}</summary>
          {list(acknowledged)}
        </details>
      )}
    </>
  );
  if (folded) {
    return (
      <section aria-label={t("showEditor.server_says")} className="relative">
        <details className="group">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full bg-tape/30 px-4 text-sm font-medium text-ink-950 hover:bg-tape/45 [&::-webkit-details-marker]:hidden">
            <Icon name="alert" className="size-5" />
            {t("showEditor.things_to_set_up", { count: open.length })}
            <span className="sr-only">{t("showEditor.things_to_set_up_show")}</span>
          </summary>
          <div className="absolute start-0 z-30 mt-2 max-h-[70vh] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border-s-4 border-tape bg-paper px-4 py-3 shadow-lg ring-1 ring-ink-200">
            {body}
          </div>
        </details>
      </section>
    );
  }
  return (
    <section aria-label={t("showEditor.server_says")} className="mb-4 rounded-lg border-s-4 border-tape bg-tape/15 px-4 py-3">
      {body}
    </section>
  );
}
