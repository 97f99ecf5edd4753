import { describe, expect, it } from 'vitest';
import { LEGACY_REDIRECTS, legacyRedirect } from './legacy-routes.ts';

describe('legacy routes', () => {
  // The spec's routes and where they lead, written "from → to" as the spec lists them.
  it.each([
    '/contactus → /contact-us',
    '/new advantages → /new-advantages',
    '/new offers → /new-products',
    '/daily discounts → /daily-discounts',
    '/weekly discounts → /weekly-discounts',
    '/holyday discounts → /holiday-discounts',
    '/holiday discounts → /holiday-discounts',
    '/upcomming offers → /upcoming-offers',
    '/nearby-shops → /nearby-shops',
    '/forsale → /shop',
  ])('maps the spec route %s', (pair) => {
    const [from, to] = pair.split(' → ') as [string, string];
    expect(LEGACY_REDIRECTS).toHaveProperty([from], to);
  });

  it('keys are lower-case, decoded and without a trailing slash', () => {
    for (const key of Object.keys(LEGACY_REDIRECTS)) {
      expect(key).toBe(key.toLowerCase());
      expect(key).not.toMatch(/%|\/$/);
    }
  });

  it('looks up raw request paths in any case', () => {
    expect(legacyRedirect('/new%20advantages')).toBe('/new-advantages');
    expect(legacyRedirect('/Holyday%20Discounts/')).toBe('/holiday-discounts');
    expect(legacyRedirect('/Upcomming offers')).toBe('/upcoming-offers');
    expect(legacyRedirect('/ContactUs')).toBe('/contact-us');
    expect(legacyRedirect('/ForSale/')).toBe('/shop');
    expect(legacyRedirect('/contact-us')).toBeNull();
    expect(legacyRedirect('/%E0%A4%A')).toBeNull();
    expect(legacyRedirect('/constructor')).toBeNull();
  });
});
