import type { Mail } from "../mail/mailer";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The reset mail: the code first in the subject, so a phone's notification shows it without opening the mail; a
 * plain-text body and a simple HTML one (inline styles only, no remote images: mail clients block both otherwise).
 */
/** The show's wording (Administration → Show): the subject with {code} and {project} in it, and the closing note. */
export type ResetWording = { projectName: string; subject: string; note: string };

export function resetMail({ projectName, subject, note: ignore }: ResetWording, username: string, to: string, code: string): Mail {
  const project = escapeHtml(projectName);
  const filledSubject = subject.replaceAll("{code}", code).replaceAll("{project}", projectName);
  return {
    to,
    subject: filledSubject,
    text: [
      projectName,
      "",
      `Hello ${username},`,
      "",
      `Your password reset code is ${code}.`,
      "It works once, for 15 minutes.",
      ...(ignore ? ["", ignore] : []),
    ].join("\n"),
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(filledSubject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f2ec;font-family:Helvetica,Arial,sans-serif;color:#1c1b1a">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border:1px solid #e2ddd3;padding:32px">
<p style="margin:0 0 24px;font-size:13px;letter-spacing:0.12em;text-transform:uppercase;color:#6b6660">${project}</p>
<p style="margin:0 0 8px;font-size:16px">Hello ${escapeHtml(username)},</p>
<p style="margin:0 0 16px;font-size:16px">Your password reset code is</p>
<p style="margin:0 0 16px;font-size:40px;font-weight:bold;letter-spacing:0.2em;font-family:'Courier New',Courier,monospace">${escapeHtml(code)}</p>
<p style="margin:0 0 24px;font-size:16px">It works once, for 15 minutes.</p>
${ignore ? `<p style="margin:0;font-size:13px;color:#6b6660">${escapeHtml(ignore)}</p>` : ""}
</div>
</body></html>
`,
  };
}
