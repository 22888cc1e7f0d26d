import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { getServerWarnings, type ServerWarning } from "../api";
import { Icon } from "../../../ui/Icon";
import { showAtom } from "../state";

/**
 * What the server's start said an operator should know (plain HTTP at a venue, the built-in briefing, …), until it is
 * resolved: asked again whenever the show changes, since most are resolved by changing it.
 */
export function ServerWarnings() {
  const { version } = useAtomValue(showAtom);
  const [warnings, setWarnings] = useState<ServerWarning[]>([]);
  useEffect(() => {
    let current = true;
    getServerWarnings().then(
      (answer) => current && setWarnings(answer.warnings),
      (error) => console.warn("No server warnings", error),
    );
    return () => {
      current = false;
    };
  }, [version]);
  if (warnings.length === 0) return null;
  return (
    <section aria-labelledby="server-warnings" className="mb-6 rounded-lg border-l-4 border-tape bg-tape/15 px-4 py-3">
      <h2 id="server-warnings" className="flex items-center gap-2 text-sm font-semibold text-ink-950">
        <Icon name="alert" className="size-5" />
        The server says
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-ink-900">
        {warnings.map((warning) => (
          <li key={warning.code} data-code={warning.code}>
            {warning.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
