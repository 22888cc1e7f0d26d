import { useState } from "react";
import { Button } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { NoticeText } from "./NoticeText";
import type { PrivacyNotice } from "./useNotice";

/** The registration form's consent: a link that opens the notice, and the checkbox that must be ticked. */
export function ConsentField({ notice, checked, onChange, error }: { notice: PrivacyNotice | undefined; checked: boolean; onChange: (checked: boolean) => void; error: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <label className="flex min-h-11 items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="privacy_consent"
          className="mt-0.5 size-5 shrink-0 accent-ink-900"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "privacy-consent-error" : undefined}
        />
        <span>
          I have read the{" "}
          <button type="button" className="font-semibold underline" onClick={() => setOpen(true)}>
            privacy notice
          </button>{" "}
          and agree that my details, photo and what I send are used as it says.
        </span>
      </label>
      {error && (
        <p id="privacy-consent-error" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title="Privacy notice" size="lg" actions={<Button onClick={() => setOpen(false)}>Close</Button>}>
        {notice ? <NoticeText markdown={notice.privacy_notice} /> : <p>Loading…</p>}
      </Modal>
    </div>
  );
}
