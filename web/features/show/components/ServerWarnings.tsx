import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { getServerWarnings, type ServerWarning } from "../api";
import { Icon } from "../../../ui/Icon";
import { hasMessage, say, t } from "../../i18n/i18n";
import { showAtom } from "../state";

/**
 * A warning in the active language: the catalog's `showEditor.warning.<code>` (the server's codes, src/show/warnings.ts),
 * else the server's own sentence. The only value one holds is the placeholder spy link, which is then the show's own.
 */
const warningText = (warning: ServerWarning, spyUrl: string) => {
  const id = `showEditor.warning.${warning.code}`;
  return hasMessage(id) ? say(id, { url: spyUrl }) : warning.message;
};

/**
 * What the server's start said an operator should know (plain HTTP at a venue, the built-in briefing, …), until it is
 * resolved: asked again whenever the show changes, since most are resolved by changing it. `folded`: a pill among the
 * console's header actions that opens to the list, so the desk keeps its rows in view during a show.
 */
export function ServerWarnings({ folded = false }: { folded?: boolean }) {
  const { version, spy_url: spyUrl } = useAtomValue(showAtom);
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
    <ul className="mt-2 list-disc space-y-1 ps-6 text-sm text-ink-900">
      {warnings.map((warning) => (
        <li key={warning.code} data-code={warning.code}>
          {warningText(warning, spyUrl)}
        </li>
      ))}
    </ul>
  );
  const title = (
    <span className="flex items-center gap-2 text-sm font-semibold text-ink-950">
      <Icon name="alert" className="size-5" />
      {t("showEditor.server_says")}
    </span>
  );
  if (folded) {
    return (
      <section aria-label={t("showEditor.server_says")} className="relative">
        <details className="group">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full bg-tape/30 px-4 text-sm font-medium text-ink-950 hover:bg-tape/45 [&::-webkit-details-marker]:hidden">
            <Icon name="alert" className="size-5" />
            {t("showEditor.things_to_set_up", { count: warnings.length })}
            <span className="sr-only">{t("showEditor.things_to_set_up_show")}</span>
          </summary>
          <div className="absolute start-0 z-30 mt-2 w-[min(28rem,calc(100vw-2rem))] rounded-lg border-s-4 border-tape bg-paper px-4 py-3 shadow-lg ring-1 ring-ink-200">
            {title}
            {list}
          </div>
        </details>
      </section>
    );
  }
  return (
    <section aria-label={t("showEditor.server_says")} className="mb-4 rounded-lg border-s-4 border-tape bg-tape/15 px-4 py-3">
      {title}
      {list}
    </section>
  );
}
