import { describe, expect, it } from 'vitest';
import { inLocale } from '#platform/i18n/locale.server.ts';
import {
  contactMessage,
  isBotUsername,
  takesPrefilledMessage,
  telegramContactHref,
  telegramContactKind,
  telegramContactLabel,
  telegramUsername,
  withPrefilledText,
} from './contact-links.ts';

const SITE = 'https://sefer.example';
const deal = { id: 42, productName: 'Teff & "Injera" 100%', contactTelegram: 'https://t.me/Abebe_Coffee' };
const TARGET = 'https://t.me/Abebe_Coffee';

/** The address and the prefilled text of a contact link, decoded. */
function opened(href: string | null): { to: string; text: string | null } {
  const url = new URL(href!);
  return { to: `${url.origin}${url.pathname}`, text: url.searchParams.get('text') };
}

describe('telegramUsername', () => {
  it('is the lower-case name of a stored https://t.me/{name} link, else null', () => {
    expect(telegramUsername('https://t.me/Abebe_Coffee')).toBe('abebe_coffee');
    expect(telegramUsername(' https://t.me/kaldi_bot ')).toBe('kaldi_bot');
    for (const other of [
      null,
      undefined,
      '',
      'https://t.me/+AbCdEf123',
      'https://t.me/joinchat/abc',
      'https://t.me/abc',
      'https://evil.example/abebe_coffee',
    ]) {
      expect(telegramUsername(other), String(other)).toBeNull();
    }
  });
});

describe('the kind of a contact', () => {
  it('a name ending in "bot" is a bot, in any letter case', () => {
    expect(isBotUsername('kaldi_bot')).toBe(true);
    expect(isBotUsername('KaldiBot')).toBe(true);
    expect(isBotUsername('abbot_shop')).toBe(false);
  });

  it('what Telegram said wins; else a bot by its name; else not known (null)', () => {
    expect(telegramContactKind('https://t.me/addis_news', 'channel')).toBe('channel');
    expect(telegramContactKind('https://t.me/kaldi_bot', null)).toBe('bot');
    expect(telegramContactKind('https://t.me/abebe_coffee', undefined)).toBeNull();
    expect(telegramContactKind(null, null)).toBeNull();
  });

  it('a person, a bot and a contact not known yet take a prefilled message; a channel or group does not', () => {
    expect([null, undefined, 'person', 'bot', 'channel', 'group'].map((k) => takesPrefilledMessage(k as never))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('telegramContactLabel', () => {
  it('says "message the seller" to a person or bot, "visit the channel" to a channel, neutral while unknown', () => {
    expect(telegramContactLabel('person')).toBe('Message the seller on Telegram');
    expect(telegramContactLabel('bot')).toBe('Message the seller on Telegram');
    expect(telegramContactLabel('channel')).toBe("Visit the seller's Telegram channel");
    expect(telegramContactLabel('group')).toBe("Visit the seller's Telegram group");
    expect(telegramContactLabel(null)).toBe('Contact on Telegram');
  });

  it('in Amharic on Amharic pages', () => {
    expect(inLocale('am', () => telegramContactLabel('person'))).toBe('ለሻጩ በቴሌግራም መልዕክት ይላኩ');
    expect(inLocale('am', () => telegramContactLabel('channel'))).toBe('የሻጩን የቴሌግራም ቻናል ይጎብኙ');
    expect(inLocale('am', () => telegramContactLabel(undefined))).toBe('በቴሌግራም ያግኙ');
  });
});

describe('contactMessage', () => {
  it('names the deal and its address, in the page language', () => {
    expect(contactMessage('Teff flour', 'https://sefer.example/listings/1-teff-flour')).toBe(
      'Hello! I saw your deal "Teff flour" on Sefer: https://sefer.example/listings/1-teff-flour Is it still available?',
    );
    expect(inLocale('am', () => contactMessage('ጤፍ', 'https://sefer.example/am/listings/1'))).toBe(
      'ሰላም! "ጤፍ" የሚለውን ቅናሽዎን በሰፈር ላይ አይቻለሁ፦ https://sefer.example/am/listings/1 አሁንም አለ?',
    );
  });

  it('cuts a long product name to 60 characters with …, and folds its spaces', () => {
    const text = contactMessage(`  Big   ${'ሀ'.repeat(100)}`, 'https://s.example/l/1');
    const product = /"(.*)"/.exec(text)![1]!;
    expect([...product]).toHaveLength(60);
    expect(product.startsWith('Big ሀሀ')).toBe(true);
    expect(product.endsWith('ሀ…')).toBe(true);
  });
});

describe('withPrefilledText', () => {
  it('percent-encodes the text (spaces as %20, not +) on the plain address', () => {
    expect(withPrefilledText('https://t.me/abebe_coffee', 'A & B "x" 20% #1 ሰላም')).toBe(
      'https://t.me/abebe_coffee?text=A%20%26%20B%20%22x%22%2020%25%20%231%20%E1%88%B0%E1%88%8B%E1%88%9D',
    );
  });
});

describe('telegramContactHref', () => {
  it("prefills a person's chat with the deal and its absolute address on the site", () => {
    expect(opened(telegramContactHref(SITE, deal, TARGET, 'person'))).toEqual({
      to: TARGET,
      text: 'Hello! I saw your deal "Teff & "Injera" 100%" on Sefer: https://sefer.example/listings/42-teff-injera-100 Is it still available?',
    });
  });

  it('a bot and a contact not known yet alike; on an Amharic page, in Amharic with the /am/ address', () => {
    expect(opened(telegramContactHref(SITE, deal, TARGET, 'bot')).text).toContain('https://sefer.example/listings/42-');
    expect(opened(telegramContactHref(SITE, deal, TARGET, null)).text).toContain('"Teff & "Injera" 100%"');
    const am = inLocale('am', () => telegramContactHref(SITE, deal, TARGET, null));
    expect(opened(am).text).toBe(
      'ሰላም! "Teff & "Injera" 100%" የሚለውን ቅናሽዎን በሰፈር ላይ አይቻለሁ፦ https://sefer.example/am/listings/42-teff-injera-100 አሁንም አለ?',
    );
  });

  it('a channel, a group, an invite link and no contact: the plain address', () => {
    expect(telegramContactHref(SITE, deal, TARGET, 'channel')).toBe(TARGET);
    expect(telegramContactHref(SITE, deal, TARGET, 'group')).toBe(TARGET);
    const invite = { ...deal, contactTelegram: 'https://t.me/+AbCdEf123' };
    expect(telegramContactHref(SITE, invite, 'https://t.me/+AbCdEf123', null)).toBe('https://t.me/+AbCdEf123');
    expect(telegramContactHref(SITE, deal, null, 'person')).toBeNull();
  });
});
