import { describe, it, expect } from 'vitest';
import { validateListing, type ListingFiles } from './listing-form.ts';
import { LISTING_MESSAGES as M } from './listing-messages.ts';
import { LISTING_TEXT_FIELDS, MAX_PICKER_IMAGES, MAX_SUBMIT_IMAGES, MAX_VIDEO_SECONDS } from './listing-schema.ts';
import { SIGN_UP_HREF } from './island/form/submit.ts';
import { formCategoryOptions, SPEC_FORM_OPTION_VALUES } from './categories.ts';
import { DISCOUNT_VALUES } from './discount.ts';
import { VALID, check, data, failure } from './listing-form.test-kit.ts';

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
    expect(SIGN_UP_HREF).toBe('/signup?next=/form%3Fresume%3D1');
  });

  it('lists the text fields by their multipart names (spec 7, and the holiday of issue 12)', () => {
    // Spec 7's names in its order, then the holiday.
    const specNames = 'email product_name discount company_name description category location latitude longitude contact_telegram';
    const laterNames = 'contact_tick web_site contact_phone discount_duration discount_start_date holiday';
    expect([...LISTING_TEXT_FIELDS].sort()).toEqual(`${specNames} ${laterNames}`.split(' ').sort());
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
