import type { ReactNode } from "react";
import { Link } from "wouter";
import { Alert } from "../../ui/Button";
import { hasMessage, say, t } from "../i18n/i18n";
import type { ServerStatus } from "./serverStatus";
import { useServerStatus } from "./useServerStatus";

/** Once a minute is enough on the console: the warnings are about hours and days. */
const CONSOLE_POLL_MS = 60_000;

/**
 * The server's warnings (disk, backups, certificate) as one alert; `children` adds a way to act on them. Each is
 * worded by its code in the catalog; a code this app does not know (a newer server) shows the server's sentence.
 */
export function StatusWarnings({ warnings, children }: { warnings: ServerStatus["warnings"]; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <Alert>
        <ul className="space-y-1">
          {warnings.map((warning) => (
            <li key={warning.kind + warning.message}>{hasMessage(`server.warning.${warning.code}`) ? say(`server.warning.${warning.code}`, warning.params) : warning.message}</li>
          ))}
        </ul>
        {children}
      </Alert>
    </div>
  );
}

/** The server's warnings above the console, with the way to the Server screen. */
export function ServerBanner() {
  const { status } = useServerStatus(CONSOLE_POLL_MS);
  if (!status?.warnings.length) return null;
  return (
    <StatusWarnings warnings={status.warnings}>
      <Link href="/admin/server" className="mt-2 inline-block underline">
        {t("server.open_screen")}
      </Link>
    </StatusWarnings>
  );
}
