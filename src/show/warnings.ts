/**
 * What the operator should know about this show: the start prints these, and admins read the same list in the
 * console (GET /api/show/warnings) until each is resolved.
 */
import type { AppContext } from "../context";
import { sayEnglish } from "../i18n/catalogs.service";
import { adminExists } from "../users/users.service";
import { DEFAULT_INSTRUCTIONS, DEFAULT_SPY_URL } from "./show-schema";
import type { Show } from "./show.service";

/** `message` is the English (`showEditor.warning.<code>` with `params`), for the API and the operator's log. */
export type Warning = { code: string; params?: Record<string, string>; message: string };

const warning = (code: string, params?: Record<string, string>): Warning => ({ code, params, message: sayEnglish(`showEditor.warning.${code}`, params) });

/** Whether phones reach the show over HTTPS: casefile's own TLS, or a PUBLIC_URL on https (a proxy in front). */
export const servesHttps = (config: AppContext["config"]) => config.tls.mode !== "off" || Boolean(config.publicUrl?.startsWith("https:"));

export async function showWarnings(ctx: AppContext, show: Show): Promise<Warning[]> {
  const warnings: Warning[] = [];
  if (!(await adminExists(ctx.db))) warnings.push(warning("no-admin"));
  if (!servesHttps(ctx.config)) warnings.push(warning("plain-http"));
  if (ctx.config.archiveMode) warnings.push(warning("archive-mode"));
  if (!show.media["onboarding-video"]) warnings.push(warning("default-briefing"));
  if (JSON.stringify(show.text.instructions) === JSON.stringify(DEFAULT_INSTRUCTIONS)) warnings.push(warning("default-instructions"));
  if (show.text.spy_url === DEFAULT_SPY_URL) warnings.push(warning("default-spy-url", { url: DEFAULT_SPY_URL }));
  return warnings;
}
