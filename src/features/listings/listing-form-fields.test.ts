import { describe, it, expect } from 'vitest';
import { normalizeHttpUrl, normalizeTelegram } from './contact-links.ts';
import { formDataToFields, validateListing } from './listing-form.ts';
import { LISTING_MESSAGES as M, validationMessageMs } from './listing-messages.ts';
import { listingFieldsSchema } from './listing-schema.ts';
import { fieldErrorsFromBody, submitOutcome } from './island/form/submit.ts';
import { FILES, VALID, data, failure } from './listing-form.test-kit.ts';

describe('Telegram links', () => {
  it('normalises every way sellers type them', () => {
    for (const typed of [
      'https://t.me/abebe_coffee',
      'http://t.me/abebe_coffee',
      't.me/abebe_coffee',
      'T.me/abebe_coffee/',
      'https://telegram.me/abebe_coffee',
      'www.t.me/abebe_coffee',
      '@abebe_coffee',
      'abebe_coffee',
      '  @abebe_coffee  ',
      'https://t.me/abebe_coffee/42',
    ]) {
      expect(normalizeTelegram(typed), typed).toBe('https://t.me/abebe_coffee');
      expect(data({ contact_telegram: typed }).contactTelegram).toBe('https://t.me/abebe_coffee');
    }
  });

  it('keeps the letter case and checks 5 to 32 characters', () => {
    expect(normalizeTelegram('AbebeShop')).toBe('https://t.me/AbebeShop');
    expect(normalizeTelegram('abcde')).toBe('https://t.me/abcde');
    expect(normalizeTelegram('a'.repeat(32))).toBe(`https://t.me/${'a'.repeat(32)}`);
    expect(normalizeTelegram('a'.repeat(33))).toBeNull();
    expect(normalizeTelegram('abcd')).toBeNull();
    expect(normalizeTelegram('abebe-shop')).toBeNull();
    expect(normalizeTelegram('https://t.me/+AbCdEfGh')).toBeNull();
    expect(normalizeTelegram('https://example.com/abebe')).toBeNull();
    expect(normalizeTelegram('')).toBeNull();
  });
});

describe('web links', () => {
  it('adds https:// to a bare website address', () => {
    expect(data({ web_site: 'example.com' }).webSite).toBe('https://example.com');
    expect(data({ web_site: 'www.abebe.com.et/shop' }).webSite).toBe('https://www.abebe.com.et/shop');
    expect(data({ web_site: 'http://example.com' }).webSite).toBe('http://example.com');
    expect(data({ web_site: 'HTTPS://Example.com/a?b=1' }).webSite).toBe('HTTPS://Example.com/a?b=1');
  });

  it('accepts a second messenger link', () => {
    expect(data({ contact_tick: 'https://wa.me/251911234567' }).contactTick).toBe('https://wa.me/251911234567');
    expect(data({ contact_tick: 'wa.me/251911234567' }).contactTick).toBe('https://wa.me/251911234567');
  });

  it('refuses what is not a web address', () => {
    for (const bad of [
      'ftp://example.com',
      'mailto:a@b.com',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://',
      'http://user:pw@example.com',
      'exa mple.com',
      'example',
    ]) {
      expect(normalizeHttpUrl(bad), bad).toBeNull();
    }
    expect(normalizeHttpUrl('example.com:8080/x')).toBe('https://example.com:8080/x');
  });
});

describe('coordinates', () => {
  it('are numbers rounded to 6 decimals within the valid ranges', () => {
    expect(data({ latitude: '9.0107934', longitude: '-38.7612526' })).toMatchObject({ latitude: 9.010793, longitude: -38.761253 });
    expect(data({ latitude: '-90', longitude: '180' })).toMatchObject({ latitude: -90, longitude: 180 });
    expect(data({ latitude: '0.000000', longitude: '0' })).toMatchObject({ latitude: 0, longitude: 0 });
    expect(failure({ latitude: '9,01' }).errors).toEqual({ latitude: M.coordinates });
  });
});

describe('the schema by itself', () => {
  it('names each issue by its multipart field', () => {
    const result = listingFieldsSchema.safeParse({ ...VALID, web_site: 'bad site', discount: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['discount', 'web_site']);
  });

  it('counts non-string values as empty', () => {
    const result = listingFieldsSchema.safeParse({ ...VALID, product_name: 42 });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['product_name', M.productName]]);
  });
});

describe('formDataToFields', () => {
  it('returns the text fields as strings, leaving out files and unknown names', () => {
    const fd = new FormData();
    fd.append('product_name', 'Beans');
    fd.append('category', 'photograpy');
    fd.append('other', 'x');
    fd.append('profile_photo', new Blob(['x'], { type: 'image/png' }), 'logo.png');
    fd.append('uploaded_images', new Blob(['y'], { type: 'image/png' }), 'a.png');
    expect(formDataToFields(fd)).toEqual({ product_name: 'Beans', category: 'photograpy' });
  });

  it('without JavaScript, the neighbourhood typed in the place box gives the coordinates (and an empty location)', () => {
    const posted = (entries: Record<string, string>) => {
      const fd = new FormData();
      for (const [name, value] of Object.entries(entries)) fd.append(name, value);
      return formDataToFields(fd);
    };
    expect(posted({ place: ' edna  mall ' })).toEqual({ latitude: '8.998400', longitude: '38.789300', location: 'Edna Mall' });
    expect(posted({ place: 'ኤድና ሞል', location: 'Ground floor' })).toEqual({
      latitude: '8.998400',
      longitude: '38.789300',
      location: 'Ground floor',
    });
    // Coordinates already given (the island, an outside client) win; a place that is none gives nothing.
    expect(posted({ place: 'Edna Mall', latitude: '9.01', longitude: '38.76' })).toEqual({ latitude: '9.01', longitude: '38.76' });
    expect(posted({ place: 'Somewhere else' })).toEqual({});
    const fromPlace = { ...VALID, latitude: '', longitude: '', place: 'Bole Medhanialem' };
    expect(validateListing(posted(fromPlace), FILES).ok).toBe(true);
  });

  it('feeds validateListing', () => {
    const fd = new FormData();
    for (const [name, value] of Object.entries(VALID)) fd.append(name, value);
    expect(validateListing(formDataToFields(fd), FILES).ok).toBe(true);
  });
});

describe('message timing and submit outcomes', () => {
  it('shows validation messages 3 s and the images one 2 s', () => {
    expect(validationMessageMs(M.category)).toBe(3000);
    expect(validationMessageMs(M.tooManyImages)).toBe(2000);
  });

  it('201 is a success for 4 s', () => {
    expect(submitOutcome(201, '{"id":1}')).toEqual({ kind: 'success', message: M.success, ms: 4000 });
  });

  it('401 asks to sign up', () => {
    expect(submitOutcome(401, '{"error":"Sign in to post"}')).toEqual({
      kind: 'signup',
      message: 'Account not created. Please sign up',
      ms: 0,
    });
  });

  it('other statuses show the body after "Failed to submit: " for 4 s', () => {
    const body = '{"error":"Invalid listing","fields":{"category":["Please select a category."]}}';
    expect(submitOutcome(400, body)).toEqual({ kind: 'error', message: `Failed to submit: ${body}`, ms: 4000 });
    expect(submitOutcome(500, '')).toEqual({ kind: 'error', message: 'Failed to submit: HTTP 500', ms: 4000 });
    expect(submitOutcome(413, '{"error":"Too large"}').message).toBe('Failed to submit: {"error":"Too large"}');
  });

  it('a network failure shows the network error for 2 s', () => {
    expect(submitOutcome('network', '')).toEqual({ kind: 'error', message: 'Network error. Please try again.', ms: 2000 });
  });

  it('reads per-field messages from an error body', () => {
    expect(fieldErrorsFromBody('{"error":"x","fields":{"category":["A","B"],"web_site":"C","n":[1]}}')).toEqual({
      category: 'A',
      web_site: 'C',
    });
    expect(fieldErrorsFromBody('{"error":"x"}')).toEqual({});
    expect(fieldErrorsFromBody('not json')).toEqual({});
    expect(fieldErrorsFromBody('null')).toEqual({});
  });
});

describe('the holiday a deal is for', () => {
  it('is optional, one of the holiday keys, and refused otherwise in the page language', async () => {
    expect(data().holiday).toBeNull();
    expect(data({ holiday: '' }).holiday).toBeNull();
    expect(data({ holiday: 'genna', category: 'holyday' }).holiday).toBe('genna');
    expect(data({ holiday: ' eid-al-adha ' }).holiday).toBe('eid-al-adha');
    expect(failure({ holiday: 'christmas' }).errors.holiday).toBe('Please choose one of the holidays, or none.');
    const { inLocale } = await import('#platform/i18n/locale.server.ts');
    expect(inLocale('am', () => failure({ holiday: 'christmas' }).errors.holiday)).toBe('እባክዎ ከበዓላቱ አንዱን ይምረጡ ወይም ምንም አይምረጡ።');
    expect(inLocale('am', () => failure({ product_name: '' }).errors.product_name)).toBe('እባክዎ የምርትዎን ወይም የአገልግሎትዎን ስም ያስገቡ።');
  });
});
