import { describe, expect, it } from 'vitest';
import {
  addressHash,
  chartBars,
  clientNetwork,
  dayBefore,
  figuresOf,
  isCrawler,
  lastDays,
  phoneTarget,
  statsDay,
  telegramTarget,
  visitorHash,
} from './listing-stats.ts';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

describe('the statistics day', () => {
  it('is the Addis Ababa calendar day (UTC+3)', () => {
    expect(statsDay(new Date('2026-03-09T20:59:59Z'))).toBe('2026-03-09');
    expect(statsDay(new Date('2026-03-09T21:00:00Z'))).toBe('2026-03-10');
  });

  it('counts back across months and years', () => {
    expect(dayBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(dayBefore('2026-01-01', 1)).toBe('2025-12-31');
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('who is never counted', () => {
  it('crawlers, previewers and requests without a user agent', () => {
    for (const ua of [
      null,
      undefined,
      '',
      '  ',
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'TelegramBot (like TwitterBot)',
      'curl/8.5.0',
    ]) {
      expect(isCrawler(ua), String(ua)).toBe(true);
    }
  });

  it('a phone browser is a visitor', () => {
    expect(isCrawler(PHONE)).toBe(false);
  });
});

describe('the visitor hash', () => {
  it('is the same for the same address and browser on one salt, and changes with the salt', () => {
    const a = visitorHash('salt-1', '196.188.0.1', PHONE);
    expect(visitorHash('salt-1', '196.188.0.1', PHONE)).toBe(a);
    expect(visitorHash('salt-2', '196.188.0.1', PHONE)).not.toBe(a);
    expect(visitorHash('salt-1', '196.188.0.2', PHONE)).not.toBe(a);
    expect(visitorHash('salt-1', '196.188.0.1', `${PHONE} x`)).not.toBe(a);
    expect(a).not.toContain('196.188');
  });
});

describe('the client address hash (issue 25)', () => {
  it('is one per address and salt, whatever the browser, and names nothing', () => {
    const a = addressHash('salt-1', '196.188.0.1');
    expect(addressHash('salt-1', '196.188.0.1')).toBe(a);
    expect(addressHash('salt-2', '196.188.0.1')).not.toBe(a);
    expect(addressHash('salt-1', '196.188.0.2')).not.toBe(a);
    expect(a).not.toBe(visitorHash('salt-1', '196.188.0.1', PHONE));
    expect(a).not.toContain('196.188');
  });

  it('takes an IPv6 address by its /64 and an IPv4-mapped one as its IPv4', () => {
    expect(clientNetwork('196.188.0.1')).toBe('196.188.0.1');
    expect(clientNetwork('2a0d:5600:24:aa01::7')).toBe('2a0d:5600:24:aa01::/64');
    expect(clientNetwork('2A0D:5600:0024:AA01:1:2:3:4')).toBe('2a0d:5600:24:aa01::/64');
    expect(clientNetwork('2a0d:5600::1')).toBe('2a0d:5600:0:0::/64');
    expect(clientNetwork('2a0d::')).toBe('2a0d:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2a0d:5600:24:aa01:0:0:196.188.0.1')).toBe('2a0d:5600:24:aa01::/64');
    expect(clientNetwork('::ffff:196.188.0.1')).toBe('196.188.0.1');
    expect(clientNetwork(null)).toBe('');
  });
});

describe('the 7- and 30-day figures', () => {
  const row = (day: string, views: number, telegramTaps = 0, phoneTaps = 0, shares = 0) => ({
    day,
    views,
    telegramTaps,
    phoneTaps,
    shares,
  });

  it('sums the 7 days ending today and the 30 days ending today, nothing older or newer', () => {
    const today = '2026-03-10';
    const f = figuresOf(
      [
        row('2026-03-10', 2, 1, 0, 1),
        row('2026-03-04', 3, 0, 1), // the 7th day back: in the week
        row('2026-03-03', 5, 2), // the 8th day: the month only
        row('2026-02-09', 7), // the 30th day back: in the month
        row('2026-02-08', 100, 100, 100, 100), // the 31st: out
        row('2026-03-11', 100), // tomorrow: out
      ],
      today,
    );
    expect(f).toMatchObject({ views7: 5, views30: 17, telegram7: 1, telegram30: 3, phone7: 1, phone30: 1, shares7: 1, shares30: 1 });
    expect(f.days).toHaveLength(30);
    expect(f.days[0]).toBe('2026-02-09');
    expect(f.days.at(-1)).toBe(today);
    expect(f.dailyViews[0]).toBe(7);
    expect(f.dailyViews.at(-1)).toBe(2);
    expect(f.dailyViews.reduce((a, b) => a + b, 0)).toBe(17);
  });

  it('is all zeros without rows', () => {
    const f = figuresOf([], '2026-03-10');
    expect(f.views30 + f.telegram30 + f.phone30 + f.shares30).toBe(0);
    expect(f.dailyViews).toEqual(Array(30).fill(0));
  });
});

describe('the chart', () => {
  it('scales the bars to the largest value, zeros have no bar', () => {
    const bars = chartBars([0, 5, 10], 30, 40);
    expect(bars.map((b) => b.height)).toEqual([0, 20, 40]);
    expect(bars.map((b) => b.y)).toEqual([40, 20, 0]);
    expect(bars.map((b) => b.x)).toEqual([0, 10, 20]);
    expect(bars.every((b) => b.width === 9)).toBe(true);
  });

  it('keeps a tiny day visible beside a large one, and draws nothing for no views', () => {
    expect(chartBars([1, 1000], 20, 40)[0]!.height).toBe(1);
    expect(chartBars([0, 0], 20, 40).every((b) => b.height === 0)).toBe(true);
  });
});

describe("a listing's own contact", () => {
  it('follows only https://t.me/ addresses', () => {
    expect(telegramTarget('https://t.me/bole_home')).toBe('https://t.me/bole_home');
    for (const bad of [
      null,
      '',
      'http://t.me/bole_home',
      'https://t.me/',
      'https://t.me.evil.example/x',
      'https://evil.example/t.me/x',
      'https://user@t.me/x',
      'javascript:alert(1)',
      '@bole_home',
    ]) {
      expect(telegramTarget(bad), String(bad)).toBeNull();
    }
  });

  it('dials the phone number without its spaces', () => {
    expect(phoneTarget('+251 911 00 00 00')).toBe('tel:+251911000000');
    expect(phoneTarget('0911-000-000')).toBe('tel:0911000000');
    expect(phoneTarget(null)).toBeNull();
    expect(phoneTarget('call me')).toBeNull();
  });
});
