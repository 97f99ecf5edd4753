import type { APIRoute } from 'astro';

/** The spec's /contactus: one canonical contact page. */
export const GET: APIRoute = ({ url, redirect }) => redirect(`/contact-us${url.search}`, 301);
