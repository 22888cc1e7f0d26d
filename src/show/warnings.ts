/**
 * What the operator should know about this show: the start prints these, and admins read the same list in the
 * console (GET /api/show/warnings) until each is resolved.
 */
import type { AppContext } from "../context";
import { adminExists } from "../users/users.service";
import { DEFAULT_INSTRUCTIONS, DEFAULT_SPY_URL } from "./show-schema";
import type { Show } from "./show.service";

export type Warning = { code: string; message: string };

/** Whether phones reach the show over HTTPS: casefile's own TLS, or a PUBLIC_URL on https (a proxy in front). */
export const servesHttps = (config: AppContext["config"]) => config.tls.mode !== "off" || Boolean(config.publicUrl?.startsWith("https:"));

export async function showWarnings(ctx: AppContext, show: Show): Promise<Warning[]> {
  const warnings: Warning[] = [];
  if (!(await adminExists(ctx.db))) {
    warnings.push({
      code: "no-admin",
      message:
        "No admin exists yet: open the setup address below in a browser, or set ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD, or run `casefile create-admin`.",
    });
  }
  if (!servesHttps(ctx.config)) {
    warnings.push({
      code: "plain-http",
      message:
        "Plain HTTP: phones at a venue get no in-page camera or recorder (they need HTTPS); they must use their own camera and recorder apps. Set TLS=self-signed, TLS_CERT_FILE/TLS_KEY_FILE, or an https:// PUBLIC_URL behind a proxy.",
    });
  }
  if (ctx.config.archiveMode) warnings.push({ code: "archive-mode", message: "Archive mode is on (ARCHIVE_MODE): the show is over and the site is its public archive; participants can no longer send anything." });
  if (!show.media["onboarding-video"]) {
    warnings.push({ code: "default-briefing", message: "The briefing video is the built-in placeholder: upload the show's own in Administration → Show." });
  }
  if (JSON.stringify(show.text.instructions) === JSON.stringify(DEFAULT_INSTRUCTIONS)) {
    warnings.push({ code: "default-instructions", message: "The appointment instructions are the built-in example (Main Street and 5th Avenue): write the show's own in Administration → Show." });
  }
  if (show.text.spy_url === DEFAULT_SPY_URL) {
    warnings.push({ code: "default-spy-url", message: `The spy link goes to the placeholder ${DEFAULT_SPY_URL}: set the show's own in Administration → Show (or SPY_URL).` });
  }
  return warnings;
}
