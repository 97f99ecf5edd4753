/**
 * Astro injects its image endpoint (`/_image`) into every server build. Sefer does not use
 * astro:assets (listing images are resized once, on upload, by media.server.ts), and the endpoint
 * answered 500 for the site's own SVGs: it is replaced by this one, which finds nothing.
 */
import type { APIRoute } from 'astro';

export const ALL: APIRoute = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
