import { describe, it, expect } from 'vitest';
import { normalizeHttpUrl, normalizeTelegram } from './contact-links.ts';
import { formDataToFields, validateListing, type ListingFiles } from './listing-form.ts';
import { LISTING_MESSAGES as M, validationMessageMs } from './listing-messages.ts';
import { LISTING_TEXT_FIELDS, MAX_PICKER_IMAGES, MAX_SUBMIT_IMAGES, MAX_VIDEO_SECONDS, listingFieldsSchema } from './listing-schema.ts';
import { SIGN_UP_HREF, fieldErrorsFromBody, submitOutcome } from './island/form/submit.ts';
import { formCategoryOptions, SPEC_FORM_OPTION_VALUES } from './categories.ts';
import { DISCOUNT_VALUES } from './discount.ts';

/** A submission that passes every rule. */
const VALID: Record<string, string> = {
  email: 'seller@example.com',
  product_name: 'Roasted coffee beans',
  company_name: 'Abebe Coffee',
  description: 'Fresh Yirgacheffe beans, roasted every morning.',
  location: 'Bole, near Edna Mall',
  latitude: '9.010793',
  longitude: '38.761252',
  category: 'foods',
  discount: '20',
  discount_duration: '7',
  discount_start_date: '',
  contact_telegram: 'https://t.me/abebe_coffee',
  contact_tick: '',
  web_site: '',
  contact_phone: '+251 91 123 4567',
};
const FILES: ListingFiles = { logo: true, photo: true, extraImages: 2 };

function check(over: Record<string, string | undefined> = {}, files: Partial<ListingFiles> = {}) {
  return validateListing({ ...VALID, ...over }, { ...FILES, ...files });
}

/** The first message and the per-field errors, failing the test when the submission passes. */
function failure(over: Record<string, string | undefined> = {}, files: Partial<ListingFiles> = {}) {
  const result = check(over, files);
  if (result.ok) throw new Error('expected the submission to fail');
  return result;
}

function data(over: Record<string, string | undefined> = {}, files: Partial<ListingFiles> = {}) {
  const result = check(over, files);
  if (!result.ok) throw new Error(`expected the submission to pass: ${JSON.stringify(result.errors)}`);
  return result.data;
}

describe('messages and constants', () => {
  it('carry the spec texts verbatim', () => {
    expect(M.category).toBe('Please select a category.');
    expect(M.discount).toBe('Please select a discount.');
    expect(M.coordinates).toBe('Please provide the precise location (latitude & longitude).');
    expect(M.description).toBe('Please provide a description for your product.');
    expect(M.location).toBe('Please provide a location.');
    expect(M.telegram).toBe('Please provide your Telegram username.');
    expect(M.phone).toBe('Please provide a phone number.');
    expect(M.logo).toBe('Please upload your company logo or profile photo.');
    expect(M.tooManyImages).toBe('You can upload a maximum of 10 additional images.');
    expect(M.onlyOneDay).toBe('You can only fill one of Discount Start Date or Discount Duration.');
    expect(M.videoTooLong).toBe('Video must be 30 seconds or less.');
    expect(M.pickerMax).toBe('You can upload a maximum of 6 images.');
    expect(M.geoFailed).toBe('Unable to fetch your location.');
    expect(M.geoUnsupported).toBe('Geolocation not supported by this browser.');
    expect(M.success).toBe('Your post submitted successfully! Waiting for verification.');
    expect(M.signUp).toBe('Account not created. Please sign up');
    expect(M.network).toBe('Network error. Please try again.');
    expect(M.failedPrefix).toBe('Failed to submit: ');
    expect(M.submitting).toBe('Submitting...');
    expect(M.offline).toBe('No internet connection. Please check your connection and try again.');
  });

  it('has no cross mark in any message (the form adds it)', () => {
    for (const text of Object.values(M)) expect(text).not.toContain('❌');
  });

  it('match the limits of spec section 9', () => {
    expect(MAX_PICKER_IMAGES).toBe(6);
    expect(MAX_SUBMIT_IMAGES).toBe(10);
    expect(MAX_VIDEO_SECONDS).toBe(30);
    expect(SIGN_UP_HREF).toBe('/login?next=/form%3Fresume%3D1');
  });

  it('lists the text fields by their multipart names (spec 7, and the holiday of issue 12)', () => {
    expect([...LISTING_TEXT_FIELDS].sort()).toEqual(
      [
        'email',
        'product_name',
        'discount',
        'company_name',
        'description',
        'category',
        'location',
        'latitude',
        'longitude',
        'contact_telegram',
        'contact_tick',
        'web_site',
        'contact_phone',
        'discount_duration',
        'discount_start_date',
        'holiday',
      ].sort(),
    );
  });
});

describe('a valid submission', () => {
  it('passes and is normalised into the draft names', () => {
    expect(data()).toEqual({
      productName: 'Roasted coffee beans',
      companyName: 'Abebe Coffee',
      description: 'Fresh Yirgacheffe beans, roasted every morning.',
      location: 'Bole, near Edna Mall',
      latitude: 9.010793,
      longitude: 38.761252,
      category: 'foods',
      discount: '20',
      discountDurationDays: 7,
      discountStartDays: null,
      contactPhone: '+251 91 123 4567',
      contactTelegram: 'https://t.me/abebe_coffee',
      contactTick: null,
      webSite: null,
      holiday: null,
    });
  });

  it('trims text and drops the email (the owner comes from the session)', () => {
    const d = data({ product_name: '  Beans  ', email: 'someone@else.com' });
    expect(d.productName).toBe('Beans');
    expect('email' in d).toBe(false);
  });

  it('treats missing optional fields like empty ones', () => {
    expect(data({ contact_tick: undefined, web_site: undefined, email: undefined, discount_start_date: undefined }).webSite).toBeNull();
  });
});

describe('the spec rules, each with its message', () => {
  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['category required', { category: '' }, 'category', M.category],
    ['unknown category', { category: 'spaceships' }, 'category', M.category],
    ['discount required', { discount: '' }, 'discount', M.discount],
    ['unknown discount', { discount: '35' }, 'discount', M.discount],
    ['latitude required', { latitude: '' }, 'latitude', M.coordinates],
    ['longitude required', { longitude: '' }, 'longitude', M.coordinates],
    ['latitude out of range', { latitude: '91' }, 'latitude', M.coordinates],
    ['longitude out of range', { longitude: '-180.5' }, 'longitude', M.coordinates],
    ['latitude not a number', { latitude: 'north' }, 'latitude', M.coordinates],
    ['description required', { description: '   ' }, 'description', M.description],
    ['location required', { location: '' }, 'location', M.location],
    ['Telegram required', { contact_telegram: '' }, 'contact_telegram', M.telegram],
    ['phone required', { contact_phone: '' }, 'contact_phone', M.phone],
  ];
  for (const [name, over, field, message] of cases) {
    it(name, () => {
      const r = failure(over);
      expect(r.first).toBe(message);
      expect(r.errors).toEqual({ [field]: message });
    });
  }

  it('logo required', () => {
    const r = failure({}, { logo: false });
    expect(r.first).toBe(M.logo);
    expect(r.errors).toEqual({ profile_photo: M.logo });
  });

  it('more than 10 additional images is refused; 10 pass', () => {
    const r = failure({}, { extraImages: 11 });
    expect(r.first).toBe(M.tooManyImages);
    expect(r.errors).toEqual({ uploaded_images: M.tooManyImages });
    expect(check({}, { extraImages: 10 }).ok).toBe(true);
    expect(check({}, { extraImages: 0 }).ok).toBe(true);
  });
});

describe('the form field rules without a spec text', () => {
  const cases: Array<[string, Record<string, string>, Partial<ListingFiles>, string, string]> = [
    ['product name required', { product_name: '' }, {}, 'product_name', M.productName],
    ['company name required', { company_name: ' ' }, {}, 'company_name', M.companyName],
    ['product photo required', {}, { photo: false }, 'product_photo', M.productPhoto],
    ['product name too long', { product_name: 'x'.repeat(121) }, {}, 'product_name', M.productNameTooLong],
    ['company name too long', { company_name: 'x'.repeat(121) }, {}, 'company_name', M.companyNameTooLong],
    ['description too long', { description: 'x'.repeat(2001) }, {}, 'description', M.descriptionTooLong],
    ['location too long', { location: 'x'.repeat(201) }, {}, 'location', M.locationTooLong],
    ['bad Telegram link', { contact_telegram: 'https://wa.me/251911234567' }, {}, 'contact_telegram', M.telegramInvalid],
    ['Telegram name too short', { contact_telegram: '@abc' }, {}, 'contact_telegram', M.telegramInvalid],
    ['Telegram name with a space', { contact_telegram: 'abebe coffee' }, {}, 'contact_telegram', M.telegramInvalid],
    ['Telegram link too long', { contact_telegram: 'x'.repeat(301) }, {}, 'contact_telegram', M.linkTooLong],
    ['bad website', { web_site: 'not a site' }, {}, 'web_site', M.webSiteInvalid],
    ['website of another scheme', { web_site: 'javascript:alert(1)' }, {}, 'web_site', M.webSiteInvalid],
    ['website without a dotted host', { web_site: 'localhost' }, {}, 'web_site', M.webSiteInvalid],
    ['website too long', { web_site: `https://example.com/${'a'.repeat(290)}` }, {}, 'web_site', M.linkTooLong],
    ['bad second messenger link', { contact_tick: 'mailto:a@b.com' }, {}, 'contact_tick', M.tickInvalid],
    ['phone with letters', { contact_phone: '0911 ABC DEF' }, {}, 'contact_phone', M.phoneInvalid],
    ['phone with too few digits', { contact_phone: '12 34 5' }, {}, 'contact_phone', M.phoneInvalid],
    ['phone with too many digits', { contact_phone: '1'.repeat(21) }, {}, 'contact_phone', M.phoneInvalid],
    ['phone too long', { contact_phone: '+251 (0) 91 - 123 - 4567 - 0000' }, {}, 'contact_phone', M.phoneInvalid],
  ];
  for (const [name, over, files, field, message] of cases) {
    it(name, () => {
      const r = failure(over, files);
      expect(r.first).toBe(message);
      expect(r.errors).toEqual({ [field]: message });
    });
  }

  it('accepts text at the length caps', () => {
    expect(
      check({ product_name: 'x'.repeat(120), company_name: 'y'.repeat(120), description: 'z'.repeat(2000), location: 'w'.repeat(200) }).ok,
    ).toBe(true);
  });

  it('accepts phone numbers as people type them', () => {
    for (const phone of ['0911234567', '+251-91-123-4567', '(011) 551 2345', '1234567']) {
      expect(data({ contact_phone: phone }).contactPhone).toBe(phone);
    }
    expect(data({ contact_phone: '+251   91  123 4567' }).contactPhone).toBe('+251 91 123 4567');
  });
});

describe('the order of the rules', () => {
  it('an empty form reports the category first, and every bad field', () => {
    const r = validateListing({}, { logo: false, photo: false, extraImages: 0 });
    if (r.ok) throw new Error('expected failure');
    expect(r.first).toBe('Please select a category.');
    expect(r.errors).toEqual({
      category: M.category,
      discount: M.discount,
      latitude: M.coordinates,
      longitude: M.coordinates,
      description: M.description,
      location: M.location,
      contact_telegram: M.telegram,
      contact_phone: M.phone,
      profile_photo: M.logo,
      product_name: M.productName,
      company_name: M.companyName,
      product_photo: M.productPhoto,
    });
  });

  it('follows the spec order one rule at a time', () => {
    // Break everything, then fix the fields one by one in spec order: the next rule comes first.
    const broken: Record<string, string> = {
      category: '',
      discount: '',
      latitude: '',
      longitude: '',
      description: '',
      location: '',
      contact_telegram: '',
      contact_phone: '',
      product_name: '',
      company_name: '',
    };
    const noFiles = { logo: false, photo: false, extraImages: 11 };
    const steps: Array<[string, () => void]> = [
      [M.category, () => (broken.category = VALID.category!)],
      [M.discount, () => (broken.discount = VALID.discount!)],
      [M.coordinates, () => ((broken.latitude = VALID.latitude!), (broken.longitude = VALID.longitude!))],
      [M.description, () => (broken.description = VALID.description!)],
      [M.location, () => (broken.location = VALID.location!)],
      [M.telegram, () => (broken.contact_telegram = VALID.contact_telegram!)],
      [M.phone, () => (broken.contact_phone = VALID.contact_phone!)],
      [M.logo, () => (noFiles.logo = true)],
      [M.tooManyImages, () => (noFiles.extraImages = 10)],
      [M.productName, () => (broken.product_name = VALID.product_name!)],
      [M.companyName, () => (broken.company_name = VALID.company_name!)],
      [M.productPhoto, () => (noFiles.photo = true)],
    ];
    for (const [message, fix] of steps) {
      expect(failure(broken, noFiles).first).toBe(message);
      fix();
    }
    expect(check(broken, noFiles).ok).toBe(true);
  });

  it('latitude and longitude share one rule', () => {
    expect(failure({ longitude: '', description: '' }).first).toBe(M.coordinates);
  });

  it('reports the days after the named fields', () => {
    expect(failure({ discount_duration: '', product_name: '' }).first).toBe(M.productName);
  });
});

describe('discount days', () => {
  it('needs one of duration or start date unless waiting', () => {
    const r = failure({ discount_duration: '', discount_start_date: '' });
    expect(r.first).toBe(M.dayRequired);
    expect(r.errors).toEqual({ discount_duration: M.dayRequired });
    expect(data({ discount_duration: '', discount_start_date: '3' }).discountStartDays).toBe(3);
  });

  it('allows only one of the two', () => {
    const r = failure({ discount_duration: '5', discount_start_date: '3' });
    expect(r.first).toBe(M.onlyOneDay);
    expect(r.errors).toEqual({ discount_start_date: M.onlyOneDay });
  });

  it('are whole numbers from 1 to 30', () => {
    for (const ok of ['1', '30', '15', ' 7 ']) {
      expect(data({ discount_duration: ok }).discountDurationDays).toBe(Number(ok));
      expect(data({ discount_duration: '', discount_start_date: ok }).discountStartDays).toBe(Number(ok));
    }
    for (const bad of ['0', '31', '-1', '2.5', 'seven', '1e1', '007']) {
      const r = failure({ discount_duration: bad });
      expect(r.errors, bad).toEqual({ discount_duration: M.dayRange });
      const s = failure({ discount_duration: '', discount_start_date: bad });
      expect(s.errors, bad).toEqual({ discount_start_date: M.dayRange });
    }
  });

  it('waiting needs no days and refuses them', () => {
    const d = data({ discount: 'waiting', discount_duration: '', discount_start_date: '' });
    expect(d.discount).toBe('waiting');
    expect(d.discountDurationDays).toBeNull();
    expect(d.discountStartDays).toBeNull();
    const r = failure({ discount: 'waiting', discount_duration: '5' });
    expect(r.first).toBe(M.waitingDays);
    expect(r.errors).toEqual({ discount_duration: M.waitingDays });
    expect(failure({ discount: 'waiting', discount_duration: '', discount_start_date: '2' }).errors).toEqual({
      discount_start_date: M.waitingDays,
    });
  });

  it('asks for no days while the discount itself is missing', () => {
    expect(failure({ discount: '', discount_duration: '' }).errors).toEqual({ discount: M.discount });
  });
});

describe('discount and category values', () => {
  it('accepts every discount value and stores 40 as 40', () => {
    for (const value of DISCOUNT_VALUES) {
      const over = value === 'waiting' ? { discount: value, discount_duration: '' } : { discount: value };
      expect(data(over).discount).toBe(value);
    }
    expect(data({ discount: '40%' }).discount).toBe('40');
    expect(data({ discount: 'Waiting', discount_duration: '' }).discount).toBe('waiting');
  });

  it('outputs canonical category keys for aliases', () => {
    expect(data({ category: 'photograpy' }).category).toBe('photography');
    expect(data({ category: 'sercurity' }).category).toBe('security');
    expect(data({ category: 'tatue' }).category).toBe('women');
    expect(data({ category: 'upcommings' }).category).toBe('upcomming');
    expect(data({ category: ' Photography ' }).category).toBe('photography');
  });

  it('accepts every option of the form and of the spec', () => {
    for (const { value } of formCategoryOptions()) expect(data({ category: value }).category).toBe(value);
    for (const value of SPEC_FORM_OPTION_VALUES) expect(check({ category: value }).ok).toBe(true);
  });
});

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
