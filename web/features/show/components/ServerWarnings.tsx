import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { getServerWarnings, type ServerWarning } from "../api";
import { Icon } from "../../../ui/Icon";
import { showAtom } from "../state";

/**
 * What the server's start said an operator should know (plain HTTP at a venue, the built-in briefing, …), until it is
 * resolved: asked again whenever the show changes, since most are resolved by changing it. `folded`: one line that
 * opens to the list, so the console keeps its rows in view during a show (issue 15's density).
 */
export function ServerWarnings({ folded = false }: { folded?: boolean }) {
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
  const list = (
    <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-ink-900">
      {warnings.map((warning) => (
        <li key={warning.code} data-code={warning.code}>
          {warning.message}
        </li>
      ))}
    </ul>
  );
  const title = (
    <span className="flex items-center gap-2 text-sm font-semibold text-ink-950">
      <Icon name="alert" className="size-5" />
      The server says
    </span>
  );
  return (
    <section aria-label="The server says" className="mb-4 rounded-lg border-l-4 border-tape bg-tape/15 px-4 py-2">
      {folded ? (
        <details>
          <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 py-1 [&::-webkit-details-marker]:hidden">
            {title}
            <span className="text-sm text-ink-800">
              {warnings.length === 1 ? "1 thing to set up" : `${warnings.length} things to set up`}
            </span>
            <span className="text-sm font-medium text-ink-950 underline underline-offset-2">Show what</span>
          </summary>
          {list}
        </details>
      ) : (
        <>
          {title}
          {list}
        </>
      )}
    </section>
  );
}
