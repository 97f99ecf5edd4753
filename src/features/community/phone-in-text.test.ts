import { describe, expect, it } from 'vitest';
import { hasPhoneNumber, needsPhoneWarning, PHONE_PATTERN } from './phone-in-text.ts';

describe('hasPhoneNumber', () => {
  it.each([
    '0911234567',
    '0711234567',
    'Selling a fridge, call 0911 234 567',
    '0911-23-45-67',
    '0911 23 45 67',
    '091 123 4567',
    '0911.234.567',
    '+251911234567',
    '251911234567',
    '+251 911 234 567',
    '+251-91-123-4567',
    '(+251) 911 234 567',
    '+251 0911 234 567',
    '+251 7 12 34 56 78',
    '+251712345678',
    'ስልክ:0911234567። ይደውሉ',
    'tel:0911234567',
    'Need a sofa\n0922 334455',
  ])('finds a number in %j', (text) => {
    expect(hasPhoneNumber(text)).toBe(true);
  });

  it.each([
    'Selling 2 kg of teff for 150 birr',
    'iPhone 13, 2023 model, 45,000 birr',
    'Price 9,500 ETB, 10 pcs left',
    'Years 2016 2017 2018 2019',
    'From 07/09/2016 to 09/10/2016',
    'Open 07-09-2016 - 09-10-2016',
    'Dates 2024-07-09 and 2024-07-19',
    'Sizes 07 08 09 10 11 12 13 14',
    'Budget 9 500 000 birr',
    'Order 2519123',
    'Order 25190000000 birr',
    'Serial 09112345678',
    'Barcode 10911234567',
    '091123456',
    'Ethiopic digits ፩፪፫፬፭፮፯፰፱፲',
    'Looking for a used fridge',
    '',
  ])('finds no number in %j', (text) => {
    expect(hasPhoneNumber(text)).toBe(false);
  });

  it('is one pattern the browser can build too (no lookbehind)', () => {
    expect(PHONE_PATTERN).not.toMatch(/\(\?<[=!]/);
    expect(new RegExp(PHONE_PATTERN).test('0911234567')).toBe(true);
  });
});

describe('needsPhoneWarning', () => {
  it('holds a number back until the sender confirms it', () => {
    expect(needsPhoneWarning('call 0911234567', undefined)).toBe(true);
    expect(needsPhoneWarning('call 0911234567', 'no')).toBe(true);
    expect(needsPhoneWarning('call 0911234567', 'yes')).toBe(false);
    expect(needsPhoneWarning('Need a fridge', undefined)).toBe(false);
  });
});
