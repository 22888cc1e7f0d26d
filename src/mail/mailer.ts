import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";

export type Mail = { to: string; subject: string; text: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an RFC 822 .eml file in the outbox folder,
 * so a show can run without a mail server (and tests read codes from there).
 */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "outboxDir">): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      console.log(`mail: "${mail.subject}" to ${mail.to} written to ${file}`);
    },
  };
}
