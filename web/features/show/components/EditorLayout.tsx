import type { ReactNode } from "react";
import { Button } from "../../../ui/Button";
import { t } from "../../i18n/i18n";

const PREVIEW_ID = "show-preview";
/** Where the fields were scrolled to when the admin went to the preview, to come back to. */
let fieldsScroll = 0;

/** A phone's way to the preview, which sits below every field (~6,000 px down): the save bar's Preview button. */
export function jumpToPreview() {
  fieldsScroll = window.scrollY;
  document.getElementById(PREVIEW_ID)?.scrollIntoView({ block: "start" });
}

/** The Show editor's page: the fields with the preview beside them on a laptop, below them on a phone. */
export function EditorLayout({ form, preview, after }: { form: ReactNode; preview: ReactNode; after: ReactNode }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_410px]">
      <div className="min-w-0">{form}</div>
      <div id={PREVIEW_ID} className="min-w-0 scroll-mt-16 lg:row-span-2">
        <Button variant="secondary" size="sm" className="mb-3 lg:hidden" onClick={() => window.scrollTo({ top: fieldsScroll })}>
          {t("showEditor.back_to_fields")}
        </Button>
        <div className="lg:sticky lg:top-20">{preview}</div>
      </div>
      <div className="min-w-0 space-y-6">{after}</div>
    </div>
  );
}
