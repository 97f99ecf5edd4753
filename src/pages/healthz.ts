import type { APIRoute } from 'astro';

/**
 * Liveness: the process answers. `npm start` answers it before Astro (and before the database is
 * open); this route serves the dev server. Readiness is /readyz.
 */
export const GET: APIRoute = () => Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
