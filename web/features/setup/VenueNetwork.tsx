import { useId, useState } from "react";

const CHOICES = {
  https: {
    label: "HTTPS (recommended at a venue)",
    text: [
      "Phones can take photos, film and record sound inside the page.",
      "No domain, only the venue's Wi-Fi: start the server with TLS=self-signed. Phones warn about the certificate once; participants accept it and go on.",
      "A domain and a certificate: set TLS_CERT_FILE and TLS_KEY_FILE, or put the server behind a reverse proxy that speaks HTTPS and set PUBLIC_URL=https://… to its address.",
    ],
  },
  http: {
    label: "Plain HTTP",
    text: [
      "Works without any certificate, but phones' browsers allow no in-page camera or recorder on a plain http:// address (only on localhost).",
      "Participants then take photos, videos and sounds with their camera or recorder app and upload the files: the site says so on the upload screen.",
      "Fine for a rehearsal on one laptop; at a venue, prefer HTTPS.",
    ],
  },
} as const;
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
        This page is on {secure ? "HTTPS" : "plain HTTP"} now ({window.location.origin}).
      </p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink-800">How will phones reach the server?</legend>
        {(Object.keys(CHOICES) as Choice[]).map((key) => (
          <label key={key} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 ring-1 ring-line has-checked:ring-2 has-checked:ring-ink-900">
            <input type="radio" name={name} value={key} checked={choice === key} onChange={() => setChoice(key)} className="size-5 accent-ink-900" />
            <span className="text-base font-semibold text-ink-950">{CHOICES[key].label}</span>
          </label>
        ))}
      </fieldset>
      <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed text-ink-800">
        {CHOICES[choice].text.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
