import type { APIRoute } from 'astro';
import { config } from '#platform/config/config.server.ts';

export const GET: APIRoute = () =>
  new Response(
    `User-agent: *\nDisallow: /api/\nDisallow: /admin\nDisallow: /myposts\nSitemap: ${new URL('/sitemap.xml', config().siteUrl).href}\n`,
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } },
  );
