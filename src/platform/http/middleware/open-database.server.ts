import type { MiddlewareHandler } from 'astro';
import { database, isDatabaseUnavailable, readyDatabase } from '#platform/db/db.server.ts';
import { notAvailable } from '../safe.server.ts';
import { failedDependency } from '#platform/health/dependencies.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('db');

/**
 * While the database is first opened (migrations, the first start's seed) every request is told to
 * come back soon instead of waiting; once it is open, a database that becomes unreachable turns any
 * request into a friendly 503, never a 500 or an empty body.
 */
export const openDatabase: MiddlewareHandler = async (context, next) => {
  if (!readyDatabase()) return notAvailable('starting', context.url);
  try {
    context.locals.db = await database();
    return await next();
  } catch (error) {
    const other = failedDependency(error);
    if (other && other !== 'database') {
      // The media bucket (or another service) is down, not the database: say which, and answer 503 all the same.
      log.error(
        { dependency: other },
        `[${other}] unavailable for ${context.request.method} ${context.url.pathname}: ${(error as Error).message}`,
      );
      return notAvailable('down', context.url);
    }
    if (!isDatabaseUnavailable(error)) throw error;
    log.error(
      { dependency: 'database', code: (error as { code?: unknown }).code },
      `[db] unavailable for ${context.request.method} ${context.url.pathname}: ${(error as Error).message}`,
    );
    return notAvailable('down', context.url);
  }
};
