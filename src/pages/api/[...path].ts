import type { APIRoute } from 'astro';
import { jsonError } from '#platform/http/http.server.ts';
import { m } from '#paraglide/messages.js';

/** Any `/api/…` path that is not an endpoint: a JSON 404, never the HTML "page not found". */
export const ALL: APIRoute = () => jsonError(404, m.pages_api_not_found());
