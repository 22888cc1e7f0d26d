import { useAtomValue } from "jotai";
import { useState } from "react";
import { Link } from "wouter";
import { Alert, Button, buttonClass, TextField } from "../components/ui";
import { InvitationSheet } from "../features/invitation/InvitationSheet";
import { invitationUrl, urlProblem } from "../features/invitation/invitationUrl";
import { configAtom } from "../state/session";

const PROBLEMS = {
  "this-computer-only":
    "This address works only on this computer. Open the administration from the address participants will use (or set PUBLIC_URL on the server) before printing.",
  "no-https":
    "This address is plain http: phones will not allow the in-browser camera and recorder there (participants can still send photos, videos and recordings from their phone's own apps). See “Venue network” in docs/operating.md for HTTPS.",
};

/** /admin/invitation: a poster for the venue with the address as a QR code; the controls are not printed. */
export default function InvitationScreen() {
  const { projectName, publicUrl } = useAtomValue(configAtom);
  const [wifiName, setWifiName] = useState("");
  const [wifiPassword, setWifiPassword] = useState("");
  const url = invitationUrl(publicUrl);
  const problem = urlProblem(url);
  return (
    <main className="mx-auto w-full max-w-4xl space-y-5 px-3 py-5 sm:px-4">
      <div className="space-y-4 print:hidden">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="w-full text-2xl font-bold tracking-tight sm:mr-auto sm:w-auto">Invitation</h1>
          <Link href="/admin" className={buttonClass("secondary")}>
            Back to administration
          </Link>
          <Button onClick={() => window.print()}>Print</Button>
        </div>
        <p className="text-gray-800">
          Print this page (A4 or Letter) and put it up at the venue: participants scan the code to open {projectName}.
        </p>
        {problem && <Alert tone={problem === "no-https" ? "info" : "error"}>{PROBLEMS[problem]}</Alert>}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Wi-Fi network (optional)" value={wifiName} onChange={(event) => setWifiName(event.target.value)} autoComplete="off" />
          <TextField label="Wi-Fi password (optional)" value={wifiPassword} onChange={(event) => setWifiPassword(event.target.value)} autoComplete="off" />
        </div>
      </div>
      <InvitationSheet projectName={projectName} url={url} wifiName={wifiName.trim()} wifiPassword={wifiPassword.trim()} />
    </main>
  );
}
