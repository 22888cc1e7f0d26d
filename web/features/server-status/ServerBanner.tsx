import { Link } from "wouter";
import { Alert } from "../../ui/Button";
import { useServerStatus } from "./useServerStatus";

/** Once a minute is enough on the console: the warnings are about hours and days. */
const CONSOLE_POLL_MS = 60_000;

/** The server's warnings (disk, backups, certificate) above the console, with the way to the Server screen. */
export function ServerBanner() {
  const { status } = useServerStatus(CONSOLE_POLL_MS);
  if (!status?.warnings.length) return null;
  return (
    <div className="mb-6">
      <Alert>
        <ul className="space-y-1">
          {status.warnings.map((warning) => (
            <li key={warning.kind}>{warning.message}</li>
          ))}
        </ul>
        <Link href="/admin/server" className="mt-2 inline-block underline">
          Open the Server screen
        </Link>
      </Alert>
    </div>
  );
}
