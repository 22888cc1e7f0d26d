import { useAtomValue } from "jotai";
import { useState } from "react";
import { Link } from "wouter";
import { InvitationSheet } from "../features/invitation/InvitationSheet";
import { invitationUrl, urlProblem } from "../features/invitation/invitationUrl";
import { showAtom } from "../features/show/state";
import { configAtom } from "../state/session";
import { Alert, Button, buttonClass } from "../ui/Button";
import { TextField } from "../ui/Field";
import { Page } from "../ui/Layout";

const PROBLEMS = {
  "this-computer-only":
    "This address works only on this computer. Open the administration from the address participants will use (or set PUBLIC_URL on the server) before printing.",
  "no-https":
    "This address is plain http: phones will not allow the in-browser camera and recorder there (participants can still send photos, videos and recordings from their phone's own apps). See “Venue network” in docs/operating.md for HTTPS.",
};

/**
 * /admin/invitation: a poster for the venue with the address as a QR code. On a laptop the controls sit beside the
 * sheet as it will print; printed, only the sheet remains (styles.css).
 */
export default function InvitationScreen() {
  const { publicUrl } = useAtomValue(configAtom);
  const { project_name: projectName } = useAtomValue(showAtom);
  const [wifiName, setWifiName] = useState("");
  const [wifiPassword, setWifiPassword] = useState("");
  const url = invitationUrl(publicUrl);
  const problem = urlProblem(url);
  return (
    <Page
      title="Invitation"
      wide
      lead={<>Print this page (A4 or Letter) and put it up at the venue: participants scan the code to open {projectName}.</>}
      actions={
        <>
          <Link href="/admin" className={buttonClass("ghost")}>
            Back to administration
          </Link>
          <Button onClick={() => window.print()}>Print</Button>
        </>
      }
    >
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] print:block">
        <div className="space-y-4 print:hidden">
          {problem && <Alert tone={problem === "no-https" ? "info" : "error"}>{PROBLEMS[problem]}</Alert>}
          <TextField label="Wi-Fi network (optional)" value={wifiName} onChange={(event) => setWifiName(event.target.value)} autoComplete="off" />
          <TextField label="Wi-Fi password (optional)" value={wifiPassword} onChange={(event) => setWifiPassword(event.target.value)} autoComplete="off" />
        </div>
        <InvitationSheet projectName={projectName} url={url} wifiName={wifiName.trim()} wifiPassword={wifiPassword.trim()} />
      </div>
    </Page>
  );
}
