import type { MiddlewareHandler } from 'astro';
import type { Database } from '#db/client.ts';

/** Reads the signed-in user from the request (accounts gives it); a Response answers the request instead. */
export type UserReader = (db: Database, request: Request) => Promise<App.Locals['user'] | Response>;

/** The signed-in user (or null for a visitor) in `locals.user`, for the pages, the toolkit and the later steps. */
export const currentUser =
  ({ readUser }: { readUser: UserReader }): MiddlewareHandler =>
  async (context, next) => {
    const user = await readUser(context.locals.db, context.request);
    if (user instanceof Response) return user;
    context.locals.user = user;
    return next();
  };
