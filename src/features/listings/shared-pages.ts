/**
 * The listing pages whose signed-in copy is shared (keep-signed-in-pages.server.ts): home, the list
 * and category screens, search and a deal's page show a signed-in visitor nothing of their own but
 * the shell's greeting and profile card and a deal's Save button, all marked (OwnPart). A page
 * added here must mark whatever else it shows of its visitor.
 */
import { resolveListScreen } from './list-screens.ts';

const DETAIL_PAGE = /^\/listings\/[^/]+\/?$/;

/** Whether the page at `pathname` (without its language) is one of them. */
export function sharedWhenSignedIn(pathname: string): boolean {
  if (pathname === '/' || pathname === '/search' || DETAIL_PAGE.test(pathname)) return true;
  const screen = resolveListScreen(pathname);
  return screen !== null && screen.redirect === undefined;
}
