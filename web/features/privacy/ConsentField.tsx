import { useState } from "react";
import { Button } from "../../ui/Button";
import { FieldError } from "../../ui/Field";
import { Modal } from "../../ui/Dialog";
import { t } from "../i18n/i18n";
import { NoticeText } from "./NoticeText";
import type { PrivacyNotice } from "./useNotice";

/** Where the consent sentence holds the notice's link (a value no message text contains). */
const LINK = "\u0000link\u0000";

/** The registration form's consent: a link that opens the notice, and the checkbox that must be ticked. */
export function ConsentField({ notice, checked, onChange, error }: { notice: PrivacyNotice | undefined; checked: boolean; onChange: (checked: boolean) => void; error: string }) {
  const [open, setOpen] = useState(false);
  const [before, after] = t("privacy.consent", { link: LINK }).split(LINK);
  return (
    <div>
      <label className="flex min-h-11 items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="privacy_consent"
          className="mt-0.5 size-5 shrink-0 accent-ink-900 aria-invalid:outline-2 aria-invalid:outline-offset-2 aria-invalid:outline-red-800"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "privacy-consent-error" : undefined}
        />
        <span>
          {before}
          <button type="button" className="font-semibold underline" onClick={() => setOpen(true)}>
            {t("privacy.consent_link")}
          </button>
          {after}
        </span>
      </label>
      {error && <FieldError id="privacy-consent-error">{error}</FieldError>}
      <Modal open={open} onClose={() => setOpen(false)} title={t("privacy.notice_title")} size="lg" actions={<Button onClick={() => setOpen(false)}>{t("common.close")}</Button>}>
        {notice ? <NoticeText markdown={notice.privacy_notice} /> : <p>{t("privacy.loading")}</p>}
      </Modal>
    </div>
  );
}
