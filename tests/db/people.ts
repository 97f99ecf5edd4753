/** Signed-in people for data tests that call services as someone. */
import type { SessionUser } from '#features/accounts/auth.server.ts';

/** The session of account `id` (its email `{id}@test.invalid`), an admin when `isAdmin`. */
export const person = (id: string, isAdmin = false): SessionUser => ({
  id,
  email: `${id}@test.invalid`,
  name: id,
  firstName: id,
  lastName: null,
  image: null,
  isAdmin,
});
