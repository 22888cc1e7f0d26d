import { useAtomValue } from "jotai";
import { configAtom } from "../../state/session";
import { Alert } from "../../ui/Button";
import { type MessageId, t } from "../i18n/i18n";
import { invitationUrl, URL_PROBLEM_TEXT, urlProblem } from "../invitation/invitationUrl";

/**
 * The venue network at the first start: the address phones will use (the one the invitation's QR code carries:
 * PUBLIC_URL, else this page's), what it means for the camera, and how to change it. There is nothing to choose here:
 * the address and HTTPS are the server's configuration (PUBLIC_URL, TLS), and this says how to set them.
 */
export function VenueNetwork() {
  const { publicUrl } = useAtomValue(configAtom);
  const url = invitationUrl(publicUrl);
  const problem = urlProblem(url);
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-800">
        {t("setup.network.address_lead")} <span dir="ltr" className="inline-block max-w-full font-semibold break-all text-ink-950">{url}</span>
      </p>
      {problem === "this-computer-only" && <Alert>{t(URL_PROBLEM_TEXT[problem])}</Alert>}
      {problem ? (
        <>
          {url.startsWith("http:") && <List lines={["setup.network.http.1", "setup.network.http.2", "setup.network.http.3"]} />}
          <h3 className="text-sm font-semibold text-ink-950">{t("setup.network.to_https")}</h3>
          <List lines={["setup.network.https.2", "setup.network.https.3"]} />
        </>
      ) : (
        <List lines={["setup.network.https.1"]} />
      )}
    </div>
  );
}

function List({ lines }: { lines: MessageId[] }) {
  return (
    <ul className="list-disc space-y-2 ps-5 text-sm leading-relaxed text-ink-800">
      {lines.map((line) => (
        <li key={line}>{t(line)}</li>
      ))}
    </ul>
  );
}
