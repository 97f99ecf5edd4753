/** XML of the sitemap protocol (sitemaps.org): a sitemap index and URL sets. */

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' };

/** `<sitemapindex>` of absolute sitemap URLs. */
export function sitemapIndexResponse(urls: string[]): Response {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<sitemap><loc>${escape(u)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
  return new Response(body, { headers: HEADERS });
}

/** `<urlset>` of absolute page URLs, each with an optional last-modified date. */
export function urlSetResponse(entries: { loc: string; lastmod?: Date }[]): Response {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map((e) => `<url><loc>${escape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: HEADERS });
}
