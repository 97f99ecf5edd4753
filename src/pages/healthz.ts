import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';

/** Readiness: answers once the database is open and migrated (the middleware waited for it). */
export const GET: APIRoute = async ({ locals }) => {
  try {
    await locals.db.execute(sql`select 1`);
    return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error('[healthz]', error);
    return Response.json({ ok: false }, { status: 503 });
  }
};
