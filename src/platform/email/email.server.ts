/**
 * Outgoing email, always through nodemailer's `sendMail`: to SMTP when `SMTP_URL` is set,
 * otherwise to the outbox transport below, which writes each message to `DATA_DIR/outbox/` as an
 * `.eml` file and logs it, so a machine with no mail server still works end to end. Either way
 * nodemailer composes the message: headers are encoded by it (a subject with a line break cannot
 * add a header), text bodies are quoted-printable so plain ASCII stays readable.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Transport, Transporter } from 'nodemailer';
import { isPlaceholderEmail } from './placeholder-email.ts';
import { noteEmailOutcome } from './email-outcomes.server.ts';
import { config } from '#platform/config/config.server.ts';
import { logger } from '#platform/log/log.server.ts';
import { counter } from '#platform/metrics/metrics.server.ts';

const log = logger('email');
const emails = () =>
  counter('sefer_emails_total', { help: 'Emails by result (sent, filed to the outbox, failed, skipped)', labelNames: ['result'] });

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post); nodemailer encodes them. */
  headers?: Record<string, string>;
}

/** What a transport answers: the outbox says which file it wrote. */
type Sent = { messageId: string; file?: string };

let mailer: { key: string; transporter: Promise<Transporter<Sent>> } | undefined;

/**
 * A nodemailer transport that files each message in `dir`, named by the time it was written, with
 * unix line endings (the file is read by people and tests, not by a mail server).
 */
async function outboxTransport(dir: string): Promise<Transport<Sent>> {
  const { default: LeUnix } = await import('nodemailer/lib/mime-node/le-unix');
  return {
    name: 'SeferOutbox',
    version: '1',
    send(mail, done) {
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      const messageId = mail.message.messageId();
      mkdir(dir, { recursive: true })
        .then(() => pipeline(mail.message.createReadStream(), new LeUnix(), createWriteStream(file)))
        .then(
          () => done(null, { messageId, file }),
          (error: Error) => done(error, { messageId }),
        );
    },
  };
}

async function createTransporter(smtpUrl: string | undefined, dataDir: string): Promise<Transporter<Sent>> {
  const nodemailer = await import('nodemailer');
  if (smtpUrl) return nodemailer.createTransport(smtpUrl) as unknown as Transporter<Sent>;
  return nodemailer.createTransport(await outboxTransport(path.join(dataDir, 'outbox')));
}

/** The transporter for the current configuration (tests change DATA_DIR between runs). */
function transporter(): Promise<Transporter<Sent>> {
  const c = config();
  const key = c.smtpUrl ? `smtp ${c.smtpUrl}` : `outbox ${c.dataDir}`;
  if (mailer?.key !== key) mailer = { key, transporter: createTransporter(c.smtpUrl, c.dataDir) };
  return mailer.transporter;
}

/** User text (a listing name in a subject, an address) in a log line: quoted, control characters escaped. */
function logText(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Sends (or files) one email. Never throws for delivery problems: they are logged, and told to
 * work that asked (`withEmailOutcomes`, email-outcomes.server.ts). A Telegram
 * account's placeholder address (no email given) is never written to.
 */
export async function sendEmail(email: Email): Promise<void> {
  const what = `${logText(email.subject)} to ${logText(email.to)}`;
  if (isPlaceholderEmail(email.to)) {
    log.info(`[email] ${what} not sent: the account has no email`);
    emails().inc({ result: 'skipped' });
    return;
  }
  try {
    const info = await (await transporter()).sendMail({ from: config().mailFrom, ...email, textEncoding: 'quoted-printable' });
    log.info(info.file ? `[email] ${what} written to ${info.file}` : `[email] sent ${what}`);
    emails().inc({ result: info.file ? 'filed' : 'sent' });
    noteEmailOutcome(true);
  } catch (error) {
    log.error({ err: error }, `[email] could not send ${what}`);
    emails().inc({ result: 'failed' });
    noteEmailOutcome(false);
  }
}
