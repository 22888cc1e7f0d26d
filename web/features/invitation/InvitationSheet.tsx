import { Fragment, type ReactNode } from "react";
import { t } from "../i18n/i18n";
import { QrCode } from "./QrCode";

type Props = { projectName: string; url: string; wifiName: string; wifiPassword: string };

/** A translated sentence with elements inside: `text` holds each of `parts` as \u0000name\u0000 (see `marks`). */
function withParts(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text.split(/\u0000(\w+)\u0000/).map((piece, index) => <Fragment key={index}>{index % 2 ? parts[piece] : piece}</Fragment>);
}
/** The values that mark where each of `names` goes, for withParts. */
const marks = (...names: string[]) => Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`]));

/**
 * The printed poster: one page (A4 or Letter) with the address as a QR code and three steps. On screen it is drawn
 * as a sheet of paper; printed, it is all there is (styles.css hides the app around [data-print-sheet]).
 */
export function InvitationSheet({ projectName, url, wifiName, wifiPassword }: Props) {
  return (
    <article
      data-print-sheet
      aria-label={t("invitation.sheet")}
      className="mx-auto flex w-full max-w-[180mm] flex-col items-center gap-5 rounded-sm bg-white px-6 py-8 text-center text-ink-950 shadow-lift ring-1 ring-line sm:px-12 print:max-w-none print:gap-[8mm] print:p-0 print:shadow-none print:ring-0"
    >
      <h2 className="font-display text-display-md break-words sm:text-display-xl print:text-[48pt]">{projectName}</h2>
      <p className="text-lg font-medium text-ink-800 sm:text-2xl print:text-[20pt]">{t("invitation.take_part")}</p>
      <QrCode text={url} label={t("invitation.qr_code", { url })} className="w-full max-w-[70mm] sm:max-w-[90mm] print:max-w-[95mm]" />
      <p className="font-mono text-base font-semibold break-all sm:text-xl print:text-[16pt]">{url}</p>
      <ol className="w-full max-w-[140mm] list-none space-y-3 text-start text-base sm:text-lg print:text-[14pt]">
        <Step number={1}>
          {wifiName
            ? withParts(t(wifiPassword ? "invitation.step.wifi_with_password" : "invitation.step.wifi", marks("network", "password")), {
                network: <strong className="break-words">{wifiName}</strong>,
                password: <strong className="break-words">{wifiPassword}</strong>,
              })
            : t("invitation.step.venue_wifi")}
        </Step>
        <Step number={2}>{t("invitation.step.scan")}</Step>
        <Step number={3}>{t("invitation.step.register")}</Step>
      </ol>
    </article>
  );
}

function Step({ number, children }: { number: number; children: ReactNode }) {
  return (
    <li className="flex items-baseline gap-3">
      <span aria-hidden="true" className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-950 font-display text-lg text-white print:border-2 print:border-ink-950 print:bg-white print:text-ink-950">
        {number}
      </span>
      <span>{children}</span>
    </li>
  );
}
