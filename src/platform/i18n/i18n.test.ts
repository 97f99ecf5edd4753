import { describe, expect, it } from 'vitest';
import { alternates, localHref, preferredLocale, splitLocale } from './locales.ts';
import { chosenLocale, pageInLocale } from './language-choice.ts';
import { formatBirr, formatDate, formatEthiopianDate } from './format.ts';
import { inLocale, localizedRedirect, requestLocale } from './locale.server.ts';
import { m } from '#paraglide/messages.js';
import { catalogueProblems, filesProblems, readCatalogue } from '../../../scripts/messages.mjs';

describe('the language of a path', () => {
  it('is Amharic under /am and English elsewhere, without the prefix', () => {
    expect(splitLocale('/am/homes')).toEqual({ locale: 'am', pathname: '/homes' });
    expect(splitLocale('/am')).toEqual({ locale: 'am', pathname: '/' });
    expect(splitLocale('/am/')).toEqual({ locale: 'am', pathname: '/' });
    expect(splitLocale('/homes')).toEqual({ locale: 'en', pathname: '/homes' });
    expect(splitLocale('/amharic-things')).toEqual({ locale: 'en', pathname: '/amharic-things' });
    expect(splitLocale('/en/homes')).toEqual({ locale: 'en', pathname: '/en/homes' });
  });

  it('links pages into the language and leaves the API, media and other sites alone', () => {
    expect(localHref('/form', 'am')).toBe('/am/form');
    expect(localHref('/', 'am')).toBe('/am/');
    expect(localHref('/search?query=x', 'am')).toBe('/am/search?query=x');
    expect(localHref('/am/form', 'am')).toBe('/am/form');
    expect(localHref('/form', 'en')).toBe('/form');
    for (const shared of [
      '/api/cat',
      '/media/a.webp',
      '/_astro/x.js',
      '/sitemap.xml',
      '/favicon.svg',
      'https://t.me/x',
      '#main',
      '//evil.example/',
    ]) {
      expect(localHref(shared, 'am')).toBe(shared);
    }
  });

  it('names the same page in every language', () => {
    expect(alternates('/am/homes')).toEqual([
      { locale: 'en', href: '/homes' },
      { locale: 'am', href: '/am/homes' },
    ]);
  });

  it('reads Accept-Language by weight, and only our languages', () => {
    expect(preferredLocale('am-ET,am;q=0.9,en;q=0.8')).toBe('am');
    expect(preferredLocale('en-US,en;q=0.9,am;q=0.5')).toBe('en');
    expect(preferredLocale('fr;q=0.9,am;q=0.4')).toBe('am');
    expect(preferredLocale('en;q=0.1,am')).toBe('am');
    expect(preferredLocale('fr, de')).toBeNull();
    expect(preferredLocale(null)).toBeNull();
  });

  it('gives the API the language the page asked for, pages their prefix', () => {
    const headers = new Headers({ 'accept-language': 'am' });
    expect(requestLocale(new URL('http://x/api/products/'), headers).locale).toBe('am');
    expect(requestLocale(new URL('http://x/homes'), headers).locale).toBe('en');
    expect(requestLocale(new URL('http://x/am/homes'), new Headers()).locale).toBe('am');
  });
});

describe('the language picker', () => {
  it('takes only our languages and sends to the same page in the chosen one, on this site only', () => {
    expect(chosenLocale('am')).toBe('am');
    expect(chosenLocale('fr')).toBeNull();
    expect(pageInLocale('/homes?page=2', 'am')).toBe('/am/homes?page=2');
    expect(pageInLocale('/am/homes', 'en')).toBe('/homes');
    expect(pageInLocale('//evil.example/x', 'am')).toBe('/am/');
    expect(pageInLocale(null, 'en')).toBe('/');
  });
});

describe('redirects of an Amharic request', () => {
  it('stay in Amharic; absolute ones and English requests are left alone', () => {
    const moved = localizedRedirect(new Response(null, { status: 303, headers: { Location: '/login?next=/wallet' } }), 'am');
    expect(moved.headers.get('Location')).toBe('/am/login?next=/wallet');
    const immutable = localizedRedirect(Response.redirect('http://x/elsewhere', 302), 'am');
    expect(immutable.headers.get('Location')).toBe('http://x/elsewhere');
    expect(localizedRedirect(new Response(null, { status: 303, headers: { Location: '/x' } }), 'en').headers.get('Location')).toBe('/x');
    expect(localizedRedirect(new Response(null, { status: 303, headers: { Location: '/api/cat' } }), 'am').headers.get('Location')).toBe(
      '/api/cat',
    );
  });
});

describe('dates and money in the page language', () => {
  const day = new Date('2026-11-24T10:00:00Z');
  it('are Gregorian in English, with the Ethiopian date on request', () => {
    expect(formatDate(day)).toBe('24 Nov 2026');
    expect(formatEthiopianDate(day)).toBe('15 Hedar 2019');
    expect(formatBirr(5200)).toBe('5,200 Birr');
  });
  it('are Ethiopian with Amharic month names on Amharic pages, and Birr is ብር', () => {
    inLocale('am', () => {
      expect(formatDate(day)).toContain('ኅዳር');
      expect(formatDate(day)).toContain('2019');
      expect(formatEthiopianDate(day)).toBe('15 ኅዳር 2019');
      expect(formatBirr(5200)).toBe('5,200 ብር');
      expect(formatDate(new Date('2026-09-11T06:00:00Z'))).toContain('መስከረም');
      expect(formatDate(new Date('2026-09-08T06:00:00Z'))).toContain('ጳጉሜን');
    });
  });
  it('the request language reaches every message without passing it around', async () => {
    expect(m.shell_sign_up()).toBe('Sign Up');
    await inLocale('am', async () => {
      await Promise.resolve();
      expect(m.shell_sign_up()).toBe('ይመዝገቡ');
    });
  });
});

describe('the message catalogue', () => {
  it('has every key, non-empty, in every language', () => {
    expect(catalogueProblems(readCatalogue())).toEqual([]);
    expect(filesProblems()).toEqual([]);
  });
  it('reports a key missing or empty in one language, or kept in two areas', () => {
    const problems = catalogueProblems({
      a: { en: { one: 'One', two: 'Two' }, am: { one: 'አንድ', two: ' ' } },
      b: { en: { one: 'Again', three: 'Three' }, am: { one: 'ደግሞ' } },
    });
    expect(problems).toEqual([
      'two: empty in messages/a/am.json',
      'one: in messages/a and messages/b',
      'three: missing in messages/b/am.json',
    ]);
  });
});
