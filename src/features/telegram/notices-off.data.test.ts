/**
 * Account notices while Telegram is not configured (no bot token): the Telegram channel answers
 * "unreachable", and a notice chosen for Telegram comes by email when the account has one.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '#platform/config/config.server.ts';
import { deliverNotice } from '#features/accounts/notices/notify.server.ts';
import { listingReviewNotice } from '#features/accounts/notices/listing-notices.server.ts';
import { noticeChoicesSchema } from '#features/accounts/notices/notice-preferences.ts';
import { saveNoticeChoices } from '#features/accounts/notices/preferences.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { sendNotice } from './notice-channel.server.ts';
import { telegramAccount } from './bot.test-kit.server.ts';

let dataDir: string;
const saved = { ...process.env };
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-notices-off-'));
  for (const key of ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_USERNAME', 'TELEGRAM_WEBHOOK_SECRET']) delete process.env[key];
  process.env.DATA_DIR = dataDir;
  expect(config().telegram).toBeNull();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  process.env = saved;
});

describe.each(drivers())('account notices with Telegram off on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  it('the Telegram channel is unreachable, and a notice chosen for Telegram only comes by email', async () => {
    const seller = await telegramAccount(t.db, 7201, { email: 'off@example.com' });
    await saveNoticeChoices(
      t.db,
      seller.userId,
      noticeChoicesSchema.parse({ action: 'notices', shown: ['telegram', 'email'], telegram: 'listing-verified' }),
    );
    const notice = listingReviewNotice(seller.userId, {
      status: 'verified',
      productName: 'Off mitad',
      listingPath: '/listings/1-off-mitad',
    });
    // The outbox is the file's: one email more on each driver's run.
    const outbox = async () => (await readdir(path.join(dataDir, 'outbox')).catch(() => [])).length;
    const before = await outbox();
    expect(await sendNotice(t.db, 7201, 'listing-verified', notice.telegram.en)).toBe('unreachable');
    expect(await deliverNotice(t.db, notice)).toEqual({ telegram: 'unreachable', email: 'sent' });
    expect(await outbox()).toBe(before + 1);
  });
});
