import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";

/**
 * html: an optional alternative to the plain text, for clients that show it. account: the account the mail is for,
 * so what is kept of it can be found by account as well as by address (the person may have changed address since).
 */
export type Mail = { to: string; subject: string; text: string; html?: string; account?: number };

/** Whose mail: an account and its address today. */
export type Recipient = { address: string; account: number };

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Removes what this mailer keeps of mail to a person (an erased one); returns how many messages went. */
  forget(recipient: Recipient): Promise<number>;
}

/** The header an outbox file names its account in (never sent: SMTP mail does not carry it). */
const ACCOUNT_HEADER = "X-Casefile-Account";

/** An address as the log shows it: enough to tell mails apart when debugging, not the person's address. */
export const redactedAddress = (address: string) => {
  const at = address.lastIndexOf("@");
  return at > 0 ? `${address[0]}…@${address.slice(at + 1)}` : "…";
};

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an RFC 822 .eml file in the outbox folder,
 * so a show can run without a mail server (and tests read codes from there).
 */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "outboxDir">): Mailer {
  // nodemailer is loaded at the first mail, not at start: it is a tenth of the start-up time and most runs send little.
  const nodemailer = async () => (await import("nodemailer")).default;
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    return {
      async send({ account: _account, ...mail }) {
        await (await nodemailer()).createTransport(smtpUrl).sendMail({ from: config.mailFrom, ...mail });
      },
      // Sent mail is the mail server's; nothing is kept here.
      forget: async () => 0,
    };
  }
  return {
    async send({ account, ...mail }) {
      const transport = (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "unix" });
      const headers = account === undefined ? {} : { [ACCOUNT_HEADER]: String(account) };
      const info = await transport.sendMail({ from: config.mailFrom, ...mail, headers });
      await mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      console.log(`mail: "${mail.subject}" to ${redactedAddress(mail.to)} written to ${file}`);
    },
    async forget({ address, account }) {
      const wanted = address.toLowerCase();
      const theirs = new RegExp(`^${ACCOUNT_HEADER}: ${account}$`, "im");
      const names = (await readdir(config.outboxDir).catch(() => [])).filter((name) => name.endsWith(".eml"));
      let removed = 0;
      for (const name of names) {
        const file = path.join(config.outboxDir, name);
        const text = await readFile(file, "utf8").catch(() => "");
        if (!text.toLowerCase().includes(wanted) && !theirs.test(text)) continue;
        await rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
