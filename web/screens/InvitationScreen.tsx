import { useAtomValue } from "jotai";
import { useState } from "react";
import { Link } from "wouter";
import { t } from "../features/i18n/i18n";
import { InvitationSheet } from "../features/invitation/InvitationSheet";
import { invitationUrl, URL_PROBLEM_TEXT, urlProblem } from "../features/invitation/invitationUrl";
import { showAtom } from "../features/show/state";
import { configAtom } from "../state/session";
import { Alert, Button, buttonClass } from "../ui/Button";
import { TextField } from "../ui/Field";
import { Page } from "../ui/Layout";

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
      title={t("invitation.title")}
      wide
      lead={t("invitation.lead", { project: projectName })}
      actions={
        <>
          <Link href="/admin" className={buttonClass("ghost")}>
            {t("languages.back")}
          </Link>
          <Button onClick={() => window.print()}>{t("invitation.print")}</Button>
        </>
      }
    >
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] print:block">
        <div className="space-y-4 print:hidden">
          {problem && <Alert tone={problem === "no-https" ? "info" : "error"}>{t(URL_PROBLEM_TEXT[problem])}</Alert>}
          <TextField label={t("invitation.wifi_name")} value={wifiName} onChange={(event) => setWifiName(event.target.value)} autoComplete="off" />
          <TextField label={t("invitation.wifi_password")} value={wifiPassword} onChange={(event) => setWifiPassword(event.target.value)} autoComplete="off" />
        </div>
        <InvitationSheet projectName={projectName} url={url} wifiName={wifiName.trim()} wifiPassword={wifiPassword.trim()} />
      </div>
    </Page>
  );
}
