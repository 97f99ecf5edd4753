/** The bot's pure parts: its configuration, the words it reads and the deal texts it writes. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#platform/config/config.server.ts';
import { localeOfTelegram } from './bot.server.ts';
import { botCommands } from './commands.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { addisDay, dealCaption, dealUrl, digestLine, endOfAddisDay, escapeHtml, parseKeywords, wordsOf } from './telegram-texts.ts';

const bot = { TELEGRAM_BOT_TOKEN: '123456:ABC-def_ghi', TELEGRAM_BOT_USERNAME: '@sefer_bot', TELEGRAM_WEBHOOK_SECRET: 'a'.repeat(32) };

describe('Telegram configuration', () => {
  it('is off without the variables, and on with the three (username without @, default API root)', () => {
    expect(parseConfig({}).telegram).toBeNull();
    expect(parseConfig(bot).telegram).toEqual({
      token: '123456:ABC-def_ghi',
      username: 'sefer_bot',
      webhookSecret: 'a'.repeat(32),
      channelId: undefined,
      apiRoot: 'https://api.telegram.org',
    });
    expect(
      parseConfig({ ...bot, TELEGRAM_API_ROOT: 'http://127.0.0.1:9000/', TELEGRAM_CHANNEL_ID: '@sefer_deals' }).telegram,
    ).toMatchObject({
      apiRoot: 'http://127.0.0.1:9000',
      channelId: '@sefer_deals',
    });
  });

  it('refuses half a bot, a bad token, a short secret and a channel without a bot, naming each', () => {
    expect(() => parseConfig({ TELEGRAM_BOT_TOKEN: bot.TELEGRAM_BOT_TOKEN })).toThrow(
      /TELEGRAM_BOT_USERNAME: is required[\s\S]*TELEGRAM_WEBHOOK_SECRET: is required/,
    );
    expect(() => parseConfig({ ...bot, TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(/TELEGRAM_BOT_TOKEN: must be a bot token/);
    expect(() => parseConfig({ ...bot, TELEGRAM_WEBHOOK_SECRET: 'short' })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(() => parseConfig({ ...bot, TELEGRAM_WEBHOOK_SECRET: 'has spaces in it, not allowed' })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(() => parseConfig({ TELEGRAM_CHANNEL_ID: '@sefer_deals' })).toThrow(/TELEGRAM_CHANNEL_ID: needs the bot/);
    expect(() => parseConfig({ ...bot, TELEGRAM_CHANNEL_ID: 'sefer' })).toThrow(/TELEGRAM_CHANNEL_ID: must be a channel id/);
  });
});

describe('what the bot reads', () => {
  it('starts Amharic Telegram users in Amharic, everyone else in English', () => {
    expect(localeOfTelegram('am')).toBe('am');
    expect(localeOfTelegram('AM-et')).toBe('am');
    expect(localeOfTelegram('en')).toBe('en');
    expect(localeOfTelegram(undefined)).toBe('en');
  });

  it('takes the words of a listing in any script, lower-cased, once', () => {
    expect(wordsOf('Teff flour — TEFF, 25kg! ጤፍ በቅናሽ።')).toEqual(['teff', 'flour', '25kg', 'ጤፍ', 'በቅናሽ']);
    expect(wordsOf('a b')).toEqual([]);
  });

  it('reads followed words separated by commas (also Amharic ones), and refuses empty or over-long ones', () => {
    expect(parseKeywords('Teff, shoes')).toEqual({ ok: true, value: ['teff', 'shoes'] });
    expect(parseKeywords('ጤፍ፣ ጫማ')).toEqual({ ok: true, value: ['ጤፍ', 'ጫማ'] });
    expect(parseKeywords(' , ').ok).toBe(false);
    expect(parseKeywords('x').ok).toBe(false);
    expect(parseKeywords('teff, ' + 'y'.repeat(31)).ok).toBe(false);
  });
});

describe('what the bot writes', () => {
  const deal = {
    id: 42,
    productName: 'Teff <flour>',
    companyName: 'Merkato & Sons',
    location: 'Merkato',
    discount: '30',
    datePosted: new Date('2026-03-08T09:00:00Z'),
    discountStartDays: null,
    discountDurationDays: 5,
  };
  const now = new Date('2026-03-10T09:00:00Z');

  it('captions a deal with its product, company, place, discount and days left, HTML-escaped', () => {
    expect(dealCaption(deal, now, '🔔 New')).toBe(
      '🔔 New\n<b>Teff &lt;flour&gt;</b>\nMerkato &amp; Sons · Merkato\n30% OFF · 3 days left to end',
    );
    expect(inLocale('am', () => dealCaption(deal, now))).toContain('30% ቅናሽ');
  });

  it('links to the listing page in the chat language, and digests as links', () => {
    expect(dealUrl('https://sefer.et', deal, 'en')).toBe('https://sefer.et/listings/42-teff-flour');
    expect(dealUrl('https://sefer.et', deal, 'am')).toBe('https://sefer.et/am/listings/42-teff-flour');
    expect(digestLine('https://sefer.et', deal, 'en')).toBe(
      '• <a href="https://sefer.et/listings/42-teff-flour">Teff &lt;flour&gt; — Merkato &amp; Sons</a> (30% OFF)',
    );
    expect(escapeHtml('<a & b>')).toBe('&lt;a &amp; b&gt;');
  });

  it('counts days in Addis Ababa time: the digest goes out at its midnight', () => {
    expect(addisDay(new Date('2026-03-10T20:59:00Z'))).toBe('2026-03-10');
    expect(addisDay(new Date('2026-03-10T21:00:00Z'))).toBe('2026-03-11');
    expect(endOfAddisDay(new Date('2026-03-10T09:00:00Z')).toISOString()).toBe('2026-03-10T21:00:00.000Z');
    expect(endOfAddisDay(new Date('2026-03-10T21:30:00Z')).toISOString()).toBe('2026-03-11T21:00:00.000Z');
  });

  it('lists its commands in both languages', () => {
    expect(botCommands('en').map((c) => c.command)).toEqual(['start', 'deals', 'post', 'myposts', 'alerts', 'mysubs', 'stop', 'language']);
    expect(botCommands('am')[1]!.description).toBe('በቅርቡ የሚያበቁ ምርጥ ቅናሾች');
  });
});
