/**
 * Other spellings of routes (the spec's paths with spaces, typos and capitals) and where they
 * lead. Matching is case-insensitive on the decoded path.
 */
const REDIRECTS: Record<string, string> = {
  '/nearby-shops': '/nearby-shops',
  '/daily discounts': '/daily-discounts',
  '/weekly discounts': '/weekly-discounts',
  '/new offers': '/new-products',
  '/discounts-ending-soon': '/weekly-discounts',
};

export function redirectFor(pathname: string): string | undefined {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const key = (decoded.replace(/\/+$/, '') || '/').toLowerCase();
  const target = REDIRECTS[key];
  return target && target !== pathname ? target : undefined;
}
