/**
 * The spec's routes with spaces, typos or old names, and the clean paths they redirect to (301).
 * Keys are lower-cased, percent-decoded paths without a trailing slash. Whoever owns catch-all
 * routing looks requests up here with `legacyRedirect`.
 */
export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/contactus': '/contact-us',
  '/new advantages': '/new-advantages',
  '/new offers': '/new-products',
  '/daily discounts': '/daily-discounts',
  '/weekly discounts': '/weekly-discounts',
  '/holyday discounts': '/holiday-discounts',
  '/holiday discounts': '/holiday-discounts',
  '/upcomming offers': '/upcoming-offers',
  '/nearby-shops': '/nearby-shops',
  '/forsale': '/shop',
};

/** The clean path for a legacy request path (raw or decoded, any case), or null. */
export function legacyRedirect(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is not one of ours.
    return null;
  }
  const key = decoded.replace(/\+/g, ' ').toLowerCase().replace(/\/+$/, '') || '/';
  return Object.hasOwn(LEGACY_REDIRECTS, key) ? LEGACY_REDIRECTS[key]! : null;
}
