import { useState } from "react";
import { Button } from "./Button";
import { Icon } from "./Icon";
import { t } from "../features/i18n/i18n";

/** Optional location: asked from the browser only when the participant presses the button. */
export function LocationField({ value, onChange, disabled = false }: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const [status, setStatus] = useState("");
  function locate() {
    if (!navigator.geolocation) return setStatus(t("location.unsupported"));
    setStatus(t("location.finding"));
    navigator.geolocation.getCurrentPosition(
      (position) => {
        onChange(`${position.coords.latitude.toFixed(5)}, ${position.coords.longitude.toFixed(5)}`);
        setStatus("");
      },
      (error) => {
        console.error("Location unavailable", error);
        setStatus(t("location.failed"));
      },
      { enableHighAccuracy: true, timeout: 15000 },
    );
  }
  return (
    <div>
      <p className="text-sm font-semibold text-ink-800">
        {t("viewer.location")} <span className="font-normal text-muted">{t("location.optional")}</span>
      </p>
      {value ? (
        <div className="mt-1.5 flex min-h-12 flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-paper-deep px-3.5 py-2">
          <span className="flex min-w-0 items-center gap-2 text-sm text-ink-900">
            <Icon name="pin" className="size-5 shrink-0 text-accent" />
            <span className="break-all tabular-nums" dir="ltr">{value}</span>
          </span>
          <Button variant="link" onClick={() => onChange("")} disabled={disabled} className="ms-auto text-sm">
            {t("location.remove")}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={locate} disabled={disabled} className="mt-1.5">
          <Icon name="pin" className="size-5" />
          {t("location.add")}
        </Button>
      )}
      <p aria-live="polite" className="mt-1 text-sm text-muted empty:hidden">
        {status}
      </p>
    </div>
  );
}
