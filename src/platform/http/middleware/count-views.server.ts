import type { APIContext, MiddlewareHandler } from 'astro';
import { routeState } from './route-state.ts';

/** Counts a view of the page at `pathname` (without its language) once answered (listings gives it). */
export type ViewCounter = (context: APIContext, pathname: string, response: Response) => Promise<void>;

/**
 * A listing page's view, counted whether the page came from the cache or was rendered: no page
 * code runs for a cached page, so the count is made around it.
 */
export const countViews =
  ({ countPageView }: { countPageView: ViewCounter }): MiddlewareHandler =>
  async (context, next) => {
    const response = await next();
    await countPageView(context, routeState(context).pathname, response);
    return response;
  };
