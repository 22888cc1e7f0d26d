import { useEffect, useState } from "react";
import { useParams } from "wouter";
import { type ConsoleItem, getConsoleItem } from "../api/console";
import { t } from "../features/i18n/i18n";
import { RedactionStudio } from "../features/redaction/RedactionStudio";
import { Alert } from "../ui/Button";
import { Page } from "../ui/Layout";
import { LoadingState } from "../ui/States";

/** /admin/evidence/:id/redact: the redaction studio of one photo, video or recording. */
export default function RedactionScreen() {
  const id = Number(useParams<{ id: string }>().id);
  const [item, setItem] = useState<ConsoleItem | null | undefined>(undefined);
  useEffect(() => {
    getConsoleItem(id).then(setItem, () => setItem(null));
  }, [id]);
  const redactable = item && [2, 3, 4].includes(item.media_type);
  return (
    <Page wide title={t("redaction.title")} lead={item?.title}>
      {item === undefined && <LoadingState label={t("common.loading")} />}
      {item !== undefined && !redactable && <Alert>{t("redaction.not_found")}</Alert>}
      {redactable && <RedactionStudio item={item} />}
    </Page>
  );
}
