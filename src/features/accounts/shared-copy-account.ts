/**
 * The made-up account the copy of a page that signed-in visitors share is rendered for
 * (keep-signed-in-pages.server.ts): no real account can have its id (better-auth's ids have no
 * colon), so it owns nothing and has saved nothing, and it is not an admin. Its name is never
 * shown: its parts of the page are replaced by each visitor's own.
 */
import type { SessionUser } from './auth.server.ts';

export const SHARED_COPY_ACCOUNT: SessionUser = Object.freeze({
  id: 'shared-copy:nobody',
  email: '',
  name: 'Sefer',
  firstName: null,
  lastName: null,
  image: null,
  isAdmin: false,
});
