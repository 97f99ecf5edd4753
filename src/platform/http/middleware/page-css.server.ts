import type { MiddlewareHandler } from 'astro';
import { withPageCss } from '#platform/cache/page-css.server.ts';
import { withOnlyPageScripts } from '#platform/cache/page-scripts.server.ts';
import { renderedHtmlOf } from '../rendered-html.mjs';
import { isCachedPage, pageHtml } from './page-store.server.ts';

/**
 * A page with only the CSS it uses (page-css.server.ts) and a policy naming only its own inline
 * scripts (page-scripts.server.ts): read whole, as the cache does anyway.
 */
export const pageCss: MiddlewareHandler = async (context, next) => {
  const response = await next();
  if (isCachedPage(response) || context.request.method !== 'GET' || !response.headers.get('Content-Type')?.startsWith('text/html'))
    return response;
  // Already cut and compressed by the steps of the route it was rewritten to (/discounts is home).
  if (response.headers.has('Content-Encoding')) return response;
  const html = await withPageCss(await renderedHtmlOf(response));
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  const policy = headers.get('Content-Security-Policy');
  if (policy) headers.set('Content-Security-Policy', withOnlyPageScripts(policy, html));
  const body = Buffer.from(html);
  const page = new Response(body, { status: response.status, statusText: response.statusText, headers });
  pageHtml.set(page, body);
  return page;
};
