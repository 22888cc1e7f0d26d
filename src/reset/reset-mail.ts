import type { Translate } from "../i18n/catalogs.service";
import type { Mail } from "../mail/mailer";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The reset mail: the code first in the subject, so a phone's notification shows it without opening the mail; a
 * plain-text body and a simple HTML one (inline styles only, no remote images: mail clients block both otherwise).
 */
/**
 * The show's wording (Administration → Show) where an admin wrote it: the subject with {code} and {project} in it,
 * and the closing note; undefined: the catalog's, in the mail's language.
 */
export type ResetWording = { projectName: string; subject: string | undefined; note: string | undefined };

/** The mail in one language (`say` gives its catalog's words; `language` its tag and direction for the HTML). */
export function resetMail(
  { projectName, subject, note }: ResetWording,
  mail: { say: Translate; language: string; dir: "ltr" | "rtl" },
  username: string,
  to: string,
  code: string,
): Mail {
  const { say } = mail;
  const project = escapeHtml(projectName);
  const filledSubject =
    subject === undefined ? say("show.reset_mail_subject", { code, project: projectName }) : subject.replaceAll("{code}", code).replaceAll("{project}", projectName);
  const ignore = note ?? say("show.reset_mail_note");
  const validity = say("mail.reset.validity");
  return {
    to,
    subject: filledSubject,
    text: [projectName, "", say("mail.hello", { name: username }), "", say("mail.reset.code_sentence", { code }), validity, ...(ignore ? ["", ignore] : [])].join(
      "\n",
    ),
    html: `<!doctype html>
<html lang="${escapeHtml(mail.language)}" dir="${mail.dir}"><head><meta charset="utf-8"><title>${escapeHtml(filledSubject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f2ec;font-family:Helvetica,Arial,sans-serif;color:#1c1b1a">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border:1px solid #e2ddd3;padding:32px">
<p style="margin:0 0 24px;font-size:13px;letter-spacing:0.12em;text-transform:uppercase;color:#6b6660">${project}</p>
<p style="margin:0 0 8px;font-size:16px">${escapeHtml(say("mail.hello", { name: username }))}</p>
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(say("mail.reset.code_intro"))}</p>
<p dir="ltr" style="margin:0 0 16px;font-size:40px;font-weight:bold;letter-spacing:0.2em;font-family:'Courier New',Courier,monospace">${escapeHtml(code)}</p>
<p style="margin:0 0 24px;font-size:16px">${escapeHtml(validity)}</p>
${ignore ? `<p style="margin:0;font-size:13px;color:#6b6660">${escapeHtml(ignore)}</p>` : ""}
</div>
</body></html>
`,
  };
}
