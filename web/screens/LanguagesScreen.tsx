import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { catalogDownloadUrl, type CatalogCheck, checkCatalog, type CatalogLanguage, listCatalogs, removeCatalog } from "../features/languages/api";
import { CatalogReview } from "../features/languages/CatalogReview";
import { t } from "../features/i18n/i18n";
import { formatDateTime, formatNumber } from "../lib/format";
import { Badge } from "../ui/Badge";
import { Alert, Button, buttonClass } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { TextField } from "../ui/Field";
import { FilePicker } from "../ui/FilePicker";
import { Page } from "../ui/Layout";
import { LoadingState } from "../ui/States";

/** A catalog file read in the browser: its JSON, or a sentence saying why it is not one. */
async function readCatalogFile(file: File): Promise<{ catalog: unknown } | { problem: string }> {
  if (file.size > 1024 * 1024) return { problem: t("languages.file_too_large") };
  try {
    return { catalog: JSON.parse(await file.text()) };
  } catch {
    return { problem: t("languages.file_not_json") };
  }
}

const canonical = (raw: string) => {
  try {
    return Intl.getCanonicalLocales(raw.trim())[0];
  } catch {
    return undefined;
  }
};

/**
 * /admin/languages: every language the show can speak, how much of it is translated, and the admins' own words:
 * download a catalog, change any message (the spec's English included), upload it, review what changes, save.
 */
export default function LanguagesScreen() {
  const [languages, setLanguages] = useState<CatalogLanguage[] | null>(null);
  const [failure, setFailure] = useState("");
  const [review, setReview] = useState<{ check: CatalogCheck; catalog: unknown } | null>(null);
  const [removing, setRemoving] = useState<CatalogLanguage | null>(null);
  const [newCode, setNewCode] = useState("");
  const [newCodeProblem, setNewCodeProblem] = useState("");

  const load = useCallback(() => {
    listCatalogs()
      .then(({ languages }) => setLanguages(languages))
      .catch((error: Error) => setFailure(error.message));
  }, []);
  useEffect(load, [load]);

  const upload = async (code: string, file: File | undefined) => {
    if (!file) return;
    setFailure("");
    const read = await readCatalogFile(file);
    if ("problem" in read) return setFailure(read.problem);
    try {
      setReview({ check: await checkCatalog(code, read.catalog), catalog: read.catalog });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const addLanguage = (file: File | undefined) => {
    const code = canonical(newCode);
    if (!code) return setNewCodeProblem(t("languages.add.bad_code"));
    setNewCodeProblem("");
    void upload(code, file);
  };

  return (
    <Page
      title={t("languages.title")}
      lead={t("languages.lead")}
      wide
      actions={
        <Link href="/admin" className={buttonClass("ghost")}>
          {t("languages.back")}
        </Link>
      }
    >
      {failure && (
        <div className="mb-4">
          <Alert onDismiss={() => setFailure("")}>{failure}</Alert>
        </div>
      )}
      {languages === null ? (
        <LoadingState label={t("common.loading")} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {languages.map((language) => (
            <li key={language.code} className="rounded-card bg-surface p-5 shadow-lift ring-1 ring-line">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 className="font-display text-display-sm text-ink-950" lang={language.code} dir={language.dir}>
                  {language.name}
                </h2>
                <code className="text-sm text-muted">{language.code}</code>
                <span className="flex-1" />
                <Badge variant={language.enabled ? "reviewed" : "neutral"}>{language.enabled ? t("languages.offered") : t("languages.not_offered")}</Badge>
              </div>
              <p className="mt-2 text-sm text-ink-800">
                {t("languages.translated", { count: formatNumber(language.translated), total: formatNumber(language.total) })}
              </p>
              <p className="mt-1 text-sm text-muted">
                {language.override
                  ? t("languages.override", { count: language.override.messages, date: formatDateTime(language.override.updatedAt) })
                  : t("languages.no_override")}
              </p>
              <div className="mt-4 flex flex-wrap gap-3">
                <a href={catalogDownloadUrl(language.code)} download className={buttonClass("secondary")}>
                  {t("languages.download")}
                </a>
                <FilePicker label={t("languages.upload")} accept=".json,application/json" onFiles={([file]) => void upload(language.code, file)} />
                {language.override && (
                  <Button variant="ghost" onClick={() => setRemoving(language)}>
                    {language.shipped ? t("languages.restore") : t("languages.remove")}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="add-language" className="mt-10 max-w-xl">
        <h2 id="add-language" className="font-display text-display-sm text-ink-950">
          {t("languages.add.title")}
        </h2>
        <p className="mt-2 text-sm text-muted">{t("languages.add.lead")}</p>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div className="min-w-40 flex-1">
            <TextField label={t("languages.add.code")} value={newCode} onChange={(event) => setNewCode(event.target.value)} error={newCodeProblem} autoComplete="off" />
          </div>
          <FilePicker label={t("languages.upload")} accept=".json,application/json" onFiles={([file]) => addLanguage(file)} />
        </div>
      </section>

      {review && (
        <CatalogReview
          check={review.check}
          catalog={review.catalog}
          onClose={() => setReview(null)}
          onSaved={() => {
            setReview(null);
            load();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        message={removing ? t(removing.shipped ? "languages.restore_confirm" : "languages.remove_confirm", { language: removing.name }) : ""}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await removeCatalog(removing.code).catch((error: Error) => setFailure(error.message));
          setRemoving(null);
          load();
        }}
      />
    </Page>
  );
}
