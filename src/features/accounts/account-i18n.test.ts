import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { accountFieldProblems } from './account-fields.ts';
import { signUpSchema } from './account-forms.ts';
import { decisionText, moderationSchema } from './account.ts';
import { checkoutRequestSchema } from '#features/shop/checkout-request.ts';
import { reviewSchema } from '#features/listings/listing-review.ts';
import { firstErrors, parseWith } from '#platform/http/result.ts';
import { checkTestCard } from '#features/payments/providers/test-card.ts';
import { tooManyAttemptsMessage } from './account-forms.server.ts';
import { authErrorMessage } from './auth.server.ts';
import { codeEmail, existingAccountEmail, listingReviewEmail } from './emails.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { paidMessage } from '#features/payments/payment-messages.ts';
import { $cart, $cartNews, buy } from '#features/shop/island/cart.ts';

const am = <T>(work: () => T): T => inLocale('am', work);
const shown = (schema: Parameters<typeof parseWith>[0], input: unknown) => {
  const result = parseWith(schema, input);
  return result.ok ? null : firstErrors(result.fields);
};

describe('account texts follow the language of the request', () => {
  it('form messages are made when a form is checked, in its language', () => {
    expect(shown(signUpSchema, {})).toEqual({
      firstName: 'Please enter your first name.',
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(am(() => shown(signUpSchema, { firstName: 'A', email: 'x', password: 'short' }))).toEqual({
      email: 'ትክክል ያልሆነ የኢሜይል አድራሻ',
      password: 'ቢያንስ 8 ቁምፊዎች ይጠቀሙ።',
    });
    expect(am(() => accountFieldProblems({ firstName: 'n'.repeat(61) }))).toEqual({ firstName: ['ስም ከ60 ቁምፊዎች መብለጥ የለበትም።'] });
    expect(accountFieldProblems({ image: 'x'.repeat(3000) })).toEqual({
      image: ['The picture address must be 2,048 characters or fewer.'],
    });
  });

  it('a refused attempt says how long to wait, a minute or minutes', () => {
    expect(tooManyAttemptsMessage(20)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(tooManyAttemptsMessage(180)).toBe('Too many attempts. Please wait 3 minutes and try again.');
    expect(am(() => tooManyAttemptsMessage(180))).toBe('በጣም ብዙ ሙከራዎች ተደርገዋል። እባክዎ 3 ደቂቃ ቆይተው እንደገና ይሞክሩ።');
  });

  it("better-auth's errors are shown in our words, in the page's language", () => {
    const error = { body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } };
    expect(am(() => authErrorMessage(error, 'x'))).toBe('ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም።');
    expect(am(() => authErrorMessage({ body: { code: 'PASSWORD_TOO_LONG' } }, 'x'))).toBe('ከ128 ቁምፊዎች አይብለጥ።');
    // A code that happens to name something every object has is no known error.
    const log = console.error;
    console.error = () => {};
    try {
      expect(authErrorMessage({ body: { code: 'toString' } }, 'fallback')).toBe('fallback');
    } finally {
      console.error = log;
    }
  });

  it("the admin's lines and the review reasons", () => {
    expect(am(() => decisionText({ action: 'approve', id: 4, status: 'approved', changed: false }))).toBe(
      'ተመላሽ #4 አስቀድሞ ጸድቋል፤ ምንም አልተቀየረም።',
    );
    expect(am(() => parseWith(moderationSchema, { action: 'reject', id: '1', reason: ' ' }))).toMatchObject({
      error: 'እባክዎ ውድቅ የተደረገበትን ምክንያት ለሻጩ ይግለጹ።',
    });
    const long = { verdict: 'reject', reason: 'x'.repeat(501) };
    expect(am(() => parseWith(reviewSchema, long))).toMatchObject({ error: 'ምክንያቱ ቢበዛ 500 ቁምፊዎች ሊሆን ይችላል።' });
    // English keeps zod's own words for a long reason.
    expect(parseWith(reviewSchema, long)).toMatchObject({ error: expect.stringMatching(/^Too big/) });
  });

  it('the shop: card checks, checkout requests and payment updates', () => {
    const card = { number: '4000 0000 0000 0002', expiry: '12 / 30', cvc: '123', name: 'Abebe' };
    expect(am(() => checkTestCard(card, new Date('2026-03-10T09:00:00Z')))).toMatchObject({ message: 'ካርድዎ ውድቅ ተደርጓል። ሌላ ካርድ ይሞክሩ።' });
    expect(am(() => checkoutRequestSchema.safeParse({ items: [] }).error?.issues[0]?.message)).toBe('የግዢ ጋሪዎ ባዶ ነው።');
    const line = (name: string, kind: 'product' | 'plan') => ({ shopProductId: 1, name, priceBirr: 100, quantity: 1, kind });
    const products = [line('Smartwatch', 'product')];
    const plans = [line('Plan A', 'plan'), line('Plan B', 'plan')];
    expect(paidMessage(9850, 3, [...products, ...plans])).toBe(
      'Payment of 9,850 Birr received for order #3 (Smartwatch) and subscriptions Plan A, Plan B.',
    );
    expect(paidMessage(350, null, plans.slice(0, 1))).toBe('Payment of 350 Birr received for subscription Plan A.');
    expect(am(() => paidMessage(9850, 3, products))).toBe('ለትዕዛዝ #3 (Smartwatch) የ9,850 ብር ክፍያ ተቀብለናል።');
  });
});

describe('the cart speaks the language of its page', () => {
  beforeAll(() => useTestStorageEngine());
  afterEach(() => {
    $cart.set([]);
    cleanTestStorage();
  });

  it('announces in Amharic on an Amharic page', () => {
    am(() => buy({ id: 1, name: 'Smartwatch', price: 9500 }));
    expect($cartNews.get()).toBe('Smartwatch ወደ ጋሪው ገብቷል።');
  });
});

describe('emails', () => {
  it('a code is in the language of the request that asked for it', () => {
    expect(codeEmail('forget-password', '123456', 10)).toEqual({
      subject: 'Your Sefer password reset code',
      text: 'Your Sefer code is 123456\n\nIt is valid for 10 minutes. If you did not ask for it, you can ignore this email.',
    });
    expect(am(() => codeEmail('email-verification', '123456', 10).subject)).toBe('የሰፈር ማረጋገጫ ኮድዎ');
    expect(am(() => existingAccountEmail().text)).toMatch(/ይግቡ፦ http:\/\/[^/]+\/am\/login\n/);
  });

  it("an admin's decision is told in both languages, Amharic first", () => {
    const verified = listingReviewEmail({ status: 'verified', productName: 'Shiro', listingPath: '/listings/5-shiro' });
    expect(verified.subject).toBe('ማስታወቂያዎ "Shiro" በሰፈር ላይ ወጥቷል / Your listing "Shiro" is live on Sefer');
    const [amharic, english] = verified.text.split('\n\n* * *\n\n');
    expect(amharic).toMatch(/^መልካም ዜና፦ "Shiro" .*\n\nhttp:\/\/[^/]+\/am\/listings\/5-shiro$/);
    expect(english).toMatch(/^Good news: "Shiro" was verified and is now public\.\n\nhttp:\/\/[^/]+\/listings\/5-shiro$/);
    // The same in an English request or an Amharic one.
    expect(am(() => listingReviewEmail({ status: 'verified', productName: 'Shiro', listingPath: '/listings/5-shiro' }))).toEqual(verified);
    const rejected = listingReviewEmail({ status: 'rejected', productName: 'Shiro', listingPath: '/listings/5-shiro', reason: 'Blurry' });
    expect(rejected.subject).toBe('ማስታወቂያዎ "Shiro" አልጸደቀም / Your listing "Shiro" was not approved');
    expect(rejected.text).toContain('ምክንያት፦ Blurry');
    expect(rejected.text).toMatch(/Reason: Blurry\n\nYou can edit it in My Posts and it will be checked again:\nhttp:\/\/[^/]+\/myposts$/);
  });
});
