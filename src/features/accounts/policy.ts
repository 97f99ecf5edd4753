/**
 * Who may do what, as far as accounts go: the two standing rules every other policy builds on. Pure
 * functions of the user (`null` for a visitor), so a service, a page guard and a test ask the same
 * question the same way. The protected-pages table names these policies (protected-pages.server.ts).
 */
import { fail, type Failure } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';

/** Who is asking: a signed-in user (a SessionUser will do), or `null` for a visitor. */
export type Viewer = { id: string; isAdmin: boolean } | null;

/** Any account that is signed in (a banned account has no session, so it is not). */
export const signedIn = <U extends Viewer>(user: U): user is NonNullable<U> => user !== null;

/** An admin (an account whose email is in ADMIN_EMAILS). */
export const admin = (user: Viewer): boolean => user?.isAdmin === true;

/** The policies a page may need, by name. */
export const ACCOUNT_POLICIES = { signedIn, admin } as const;
export type AccountPolicy = keyof typeof ACCOUNT_POLICIES;

/** Whether `user` owns something kept with its owner's id (an order, a subscription, a checkout). */
export const owns = (user: Viewer, resource: { userId: string | null }): boolean => user !== null && resource.userId === user.id;

/** The refusal of an admin's action to anyone else, in the request's language. */
export const adminsOnly = (): Failure => fail(403, m.admin_only());
