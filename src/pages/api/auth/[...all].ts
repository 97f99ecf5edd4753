import type { APIRoute } from 'astro';
import { getAuth } from '../../../lib/server/auth.server.ts';
import { jsonError } from '../../../lib/server/api.server.ts';
import { config } from '../../../lib/server/config.server.ts';

/** better-auth's HTTP endpoints, for islands and outside clients (the pages call it directly). */
export const ALL: APIRoute = async ({ request, locals }) => {
  if (config().clerk) return jsonError(404, 'Accounts are managed by Clerk on this site.');
  const auth = await getAuth(locals.db);
  return auth.handler(request);
};
