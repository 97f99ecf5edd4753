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

type Message = { from: string; to: string; subject: string; text: string; date?: Date; textEncoding?: 'quoted-printable' };
type Transport = { sendMail(message: Message): Promise<{ message?: Buffer | string }> };
let transport: Promise<Transport> | undefined;
let composer: Promise<Transport> | undefined;

async function smtp(url: string): Promise<Transport> {
  const nodemailer = await import('nodemailer');
  return nodemailer.createTransport(url) as unknown as Transport;
}

/**
 * Nodemailer's own MIME composer, writing nowhere: headers are encoded by it (a subject with a
 * line break cannot add a header), text bodies are quoted-printable so plain ASCII stays readable.
 */
async function mimeComposer(): Promise<Transport> {
  const nodemailer = await import('nodemailer');
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }) as unknown as Transport;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** The raw message, as a mail server would receive it. */
export async function composeEmail(from: string, email: Email, date = new Date()): Promise<Buffer> {
  composer ??= mimeComposer();
  const info = await (await composer).sendMail({ from, ...email, date, textEncoding: 'quoted-printable' });
  return Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message ?? ''));
}

/** User text (a listing name in a subject, an address) in a log line: quoted, control characters escaped. */
export function logText(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Sends (or files) one email. Never throws for delivery problems: they are logged. */
export async function sendEmail(email: Email): Promise<void> {
  const c = config();
  const what = `${logText(email.subject)} to ${logText(email.to)}`;
  try {
    if (c.smtpUrl) {
      transport ??= smtp(c.smtpUrl);
      await (await transport).sendMail({ from: c.mailFrom, ...email });
      console.log(`[email] sent ${what}`);
      return;
    }
    const dir = outboxDir(c.dataDir);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
    await writeFile(file, await composeEmail(c.mailFrom, email));
    console.log(`[email] ${what} written to ${file}`);
  } catch (error) {
    console.error(`[email] could not send ${what}:`, error);
  }
}
