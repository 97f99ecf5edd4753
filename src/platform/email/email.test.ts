import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';

describe('the outbox (no SMTP_URL): nodemailer writes each message to an .eml file', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-email-test-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.SMTP_URL;
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('files the message with unix line endings, encoded headers, and logs where it went', async () => {
    const { sendEmail } = await import('./email.server.ts');
    const log = captureLog();
    try {
      await sendEmail({ to: 'hana@test.invalid', subject: 'Your code\r\nBcc: evil@example.com', text: 'Your code is 123456.' });
    } finally {
      log.stop();
    }
    const logged = log.messages();
    const outbox = path.join(dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{6}\.eml$/);
    const mail = await readFile(path.join(outbox, files[0]!), 'utf8');
    expect(mail).not.toContain('\r');
    const headers = mail.slice(0, mail.indexOf('\n\n'));
    expect(headers).toMatch(/^To: hana@test\.invalid$/m);
    expect(headers).toMatch(/^Date: /m);
    expect(headers).not.toMatch(/^bcc:/im);
    expect(mail).toContain('Your code is 123456.');
    expect(logged).toEqual([
      `[email] "Your code\\r\\nBcc: evil@example.com" to "hana@test.invalid" written to ${path.join(outbox, files[0]!)}`,
    ]);
  });
});
