/** XML of the sitemap protocol (sitemaps.org): a sitemap index and URL sets. */
import { alternates, baseLocale } from '#platform/i18n/locales.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' };

/** `<sitemapindex>` of absolute sitemap URLs. */
export function sitemapIndexResponse(urls: string[]): Response {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<sitemap><loc>${escape(u)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
  return new Response(body, { headers: HEADERS });
}

/**
 * `<urlset>` of the site's pages in every language: one `<url>` per page and language, each naming
 * the page's other languages (`xhtml:link` alternates, as the pages' own hreflang links do).
 * `site` is the origin without a trailing slash; `path`s are root-relative English paths.
 */
export function urlSetResponse(site: string, entries: { path: string; lastmod?: Date }[]): Response {
  const urls = entries.flatMap((entry) => {
    const versions = alternates(entry.path).map((alternate) => ({ ...alternate, href: escape(`${site}${alternate.href}`) }));
    const links = [
      ...versions.map((v) => `<xhtml:link rel="alternate" hreflang="${v.locale}" href="${v.href}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${versions.find((v) => v.locale === baseLocale)?.href}"/>`,
    ].join('');
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
    return versions.map((v) => `<url><loc>${v.href}</loc>${lastmod}${links}</url>`);
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: HEADERS });
}
