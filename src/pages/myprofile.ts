import type { APIRoute } from 'astro';

/** The spec names two routes for the profile; one canonical URL. */
export const GET: APIRoute = ({ redirect }) => redirect('/profile', 301);
