/** The listing form tests' valid submission and the helpers that vary it. */
import { validateListing, type ListingFiles } from './listing-form.ts';

/** A submission that passes every rule. */
export const VALID: Record<string, string> = {
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
export const FILES: ListingFiles = { logo: true, photo: true, extraImages: 2 };

export function check(over: Record<string, string | undefined> = {}, files: Partial<ListingFiles> = {}) {
  return validateListing({ ...VALID, ...over }, { ...FILES, ...files });
}

/** The first message and the per-field errors, failing the test when the submission passes. */
export function failure(over: Record<string, string | undefined> = {}, files: Partial<ListingFiles> = {}) {
  const result = check(over, files);
  if (result.ok) throw new Error('expected the submission to fail');
  return result;
}

export function data(over: Record<string, string | undefined> = {}, files: Partial<ListingFiles> = {}) {
  const result = check(over, files);
  if (!result.ok) throw new Error(`expected the submission to pass: ${JSON.stringify(result.errors)}`);
  return result.data;
}
