import type { APIRoute } from 'astro';
import { jsonError } from '#server/http.server.ts';

/** Any `/api/…` path that is not an endpoint: a JSON 404, never the HTML "page not found". */
export const ALL: APIRoute = () => jsonError(404, 'There is no such API endpoint.');
