/**
 * Outgoing email: through SMTP when `SMTP_URL` is set, otherwise written to `DATA_DIR/outbox/`
 * (one file per message) and logged, so a machine with no mail server still works end to end.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from './config.server.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

type Transport = { sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown> };
let transport: Promise<Transport> | undefined;

async function smtp(url: string): Promise<Transport> {
  const nodemailer = await import('nodemailer');
  return nodemailer.createTransport(url) as unknown as Transport;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Sends (or files) one email. Never throws for delivery problems: they are logged. */
export async function sendEmail(email: Email): Promise<void> {
  const c = config();
  try {
    if (c.smtpUrl) {
      transport ??= smtp(c.smtpUrl);
      await (await transport).sendMail({ from: c.mailFrom, ...email });
      console.log(`[email] sent "${email.subject}" to ${email.to}`);
      return;
    }
    const dir = outboxDir(c.dataDir);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
    const body = `From: ${c.mailFrom}\nTo: ${email.to}\nSubject: ${email.subject}\nDate: ${new Date().toUTCString()}\nContent-Type: text/plain; charset=utf-8\n\n${email.text}\n`;
    await writeFile(file, body);
    console.log(`[email] "${email.subject}" to ${email.to} written to ${file}`);
  } catch (error) {
    console.error(`[email] could not send "${email.subject}" to ${email.to}:`, error);
  }
}
