import { useId, useState } from "react";
import { type MessageId, t } from "../i18n/i18n";

const CHOICES = {
  https: {
    label: "setup.network.https_label",
    text: ["setup.network.https.1", "setup.network.https.2", "setup.network.https.3"],
  },
  http: {
    label: "setup.network.http_label",
    text: ["setup.network.http.1", "setup.network.http.2", "setup.network.http.3"],
  },
} as const satisfies Record<string, { label: MessageId; text: readonly MessageId[] }>;
type Choice = keyof typeof CHOICES;

/**
 * The venue-network choice of the first start: HTTPS or plain HTTP and what each means for phones. Nothing is stored
 * on the server: the choice is made in the server's configuration, and this says how.
 */
export function VenueNetwork() {
  const name = useId();
  const secure = window.location.protocol === "https:";
  const [choice, setChoice] = useState<Choice>("https");
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-800">
        {t(secure ? "setup.network.now_https" : "setup.network.now_http", { origin: window.location.origin })}
      </p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink-800">{t("setup.network.question")}</legend>
        {(Object.keys(CHOICES) as Choice[]).map((key) => (
          <label key={key} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 ring-1 ring-line has-checked:ring-2 has-checked:ring-ink-900">
            <input type="radio" name={name} value={key} checked={choice === key} onChange={() => setChoice(key)} className="size-5 accent-ink-900" />
            <span className="text-base font-semibold text-ink-950">{t(CHOICES[key].label)}</span>
          </label>
        ))}
      </fieldset>
      <ul className="list-disc space-y-2 ps-5 text-sm leading-relaxed text-ink-800">
        {CHOICES[choice].text.map((line) => (
          <li key={line}>{t(line)}</li>
        ))}
      </ul>
    </div>
  );
}
