/** Which channels a kind of notice goes to, the /profile form's schema, and what a post stores. */
import { describe, expect, it } from 'vitest';
import { NOTICE_KINDS, channelsFor, defaultChannels, escapeTelegramHtml, inEveryLocale, type Reach } from './notices.ts';
import { choicesWithin, noticeChoicesSchema, storedChoice } from './notice-preferences.ts';

const both: Reach = { telegram: true, email: true };
const telegramOnly: Reach = { telegram: true, email: false };
const emailOnly: Reach = { telegram: false, email: true };
const nowhere: Reach = { telegram: false, email: false };

describe('the channels of a notice', () => {
  it('by default: Telegram when linked, email when confirmed, both when both', () => {
    expect(defaultChannels(both)).toEqual({ telegram: true, email: true });
    expect(defaultChannels(telegramOnly)).toEqual({ telegram: true, email: false });
    expect(defaultChannels(emailOnly)).toEqual({ telegram: false, email: true });
    expect(defaultChannels(nowhere)).toEqual({ telegram: false, email: false });
    for (const reach of [both, telegramOnly, emailOnly, nowhere]) expect(channelsFor(reach, null)).toEqual(defaultChannels(reach));
  });

  it("an account's choice, but never a channel it does not have", () => {
    expect(channelsFor(both, { telegram: false, email: true })).toEqual({ telegram: false, email: true });
    expect(channelsFor(both, { telegram: true, email: false })).toEqual({ telegram: true, email: false });
    expect(channelsFor(both, { telegram: false, email: false })).toEqual({ telegram: false, email: false });
    expect(channelsFor(telegramOnly, { telegram: true, email: true })).toEqual({ telegram: true, email: false });
    expect(channelsFor(emailOnly, { telegram: true, email: true })).toEqual({ telegram: false, email: true });
  });

  it('every kind, with a stored choice or the default', () => {
    const choices = choicesWithin(both, { renewal: { telegram: false, email: true } });
    expect(Object.keys(choices)).toEqual([...NOTICE_KINDS]);
    expect(choices.renewal).toEqual({ telegram: false, email: true });
    expect(choices['listing-verified']).toEqual({ telegram: true, email: true });
  });

  it('Telegram text escapes only what its HTML needs; a notice has words in every language', () => {
    expect(escapeTelegramHtml('Tea & <b>"honey"</b>')).toBe('Tea &amp; &lt;b&gt;&quot;honey&quot;&lt;/b&gt;');
    expect(inEveryLocale((locale) => locale.toUpperCase())).toEqual({ en: 'EN', am: 'AM' });
  });
});

describe("/profile's notice form", () => {
  it('reads repeated, single and missing boxes; refuses unknown kinds and channels', () => {
    expect(noticeChoicesSchema.parse({ action: 'notices', shown: 'telegram', telegram: ['renewal', 'refund'] })).toEqual({
      action: 'notices',
      shown: ['telegram'],
      telegram: ['renewal', 'refund'],
      email: [],
    });
    expect(noticeChoicesSchema.safeParse({ action: 'notices', shown: 'telegram', telegram: 'bogus' }).success).toBe(false);
    expect(noticeChoicesSchema.safeParse({ action: 'notices', shown: 'sms' }).success).toBe(false);
    expect(noticeChoicesSchema.safeParse({ action: 'other' }).success).toBe(false);
    expect(noticeChoicesSchema.safeParse({ action: 'notices', telegram: Array(NOTICE_KINDS.length + 1).fill('renewal') }).success).toBe(
      false,
    );
  });

  it('stores the boxes of the channels shown; keeps the others as they were, or wanted when never chosen', () => {
    const post = noticeChoicesSchema.parse({ action: 'notices', shown: 'telegram', telegram: 'renewal' });
    expect(storedChoice(post, telegramOnly, 'renewal', undefined)).toEqual({ telegram: true, email: true });
    expect(storedChoice(post, telegramOnly, 'refund', undefined)).toEqual({ telegram: false, email: true });
    expect(storedChoice(post, telegramOnly, 'refund', { telegram: true, email: false })).toEqual({ telegram: false, email: false });
    // A channel the form showed but the account no longer has (unlinked meanwhile) is kept.
    expect(storedChoice(post, emailOnly, 'refund', { telegram: true, email: true })).toEqual({ telegram: true, email: true });
  });
});
