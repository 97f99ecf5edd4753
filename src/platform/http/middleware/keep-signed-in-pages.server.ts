import type { APIContext, MiddlewareHandler } from 'astro';
import { isShareable, preparePage, type CachedPage, type PageCache } from '#platform/cache/page-cache.server.ts';
import { pageKey } from '#platform/cache/front-cache.server.ts';
import { recordingRender } from '#platform/cache/page-dependencies.server.ts';
import { fillParts, namedParts, partsOf } from '#platform/cache/own-parts.ts';
import { counter } from '#platform/metrics/metrics.server.ts';
import { logger } from '#platform/log/log.server.ts';
import { currentRequest } from '#platform/log/request-context.server.ts';
import { isPage, pageCache, pageHtml } from './page-store.server.ts';
import { routeState } from './route-state.ts';

const log = logger('cache');

type User = NonNullable<App.Locals['user']>;

/**
 * The parts of the shell that are the visitor's and the same on every page for them: the greeting
 * with their name and their profile card (src/components/shell). They are taken from the first page
 * rendered for them (in this process) and put into every shared copy they are served.
 */
export const SHELL_PARTS = ['greeting', 'account'] as const;

/**
 * A kind of part that depends on the page and the visitor (`save:12:saved`): given the names of the
 * page's parts of that kind, which of them the visitor gets (the others are dropped).
 */
export interface OwnPartChooser {
  /** The first word of its parts' names (`save`). */
  kind: string;
  choose: (context: APIContext, user: User, names: readonly string[]) => Promise<ReadonlySet<string>>;
}

export interface SignedInPagesOptions {
  /** The made-up account a shared copy is rendered for: it owns nothing and has saved nothing. */
  templateUser: User;
  /** Whether a page (its path without the language) shows a signed-in visitor only their marked parts. */
  sharedWhenSignedIn: (pathname: string) => boolean;
  /** Whether a request carries something the page does for this visitor (a guest's save to finish). */
  ownRequest: (request: Request) => boolean;
  choosers: readonly OwnPartChooser[];
}

/** Signed-in page answers, by how: `filled` from a shared copy, `rendered` whole (the visitor's first page, a new copy). */
const answers = () =>
  counter('sefer_signed_in_pages_total', {
    help: 'Pages answered to signed-in visitors, by how (filled: a shared copy with their parts put in; copy: a new shared copy rendered; own: rendered for them)',
    labelNames: ['how'],
  });

/** Each person's shell parts, by account, language, lite mode and what the parts show of the account. */
const shellParts = new Map<string, ReadonlyMap<string, string>>();
const SHELL_PARTS_LIMIT = 2000;

/**
 * A signed-in visitor's page from a copy that every signed-in visitor shares (issue 31): rendered
 * once for a made-up account, kept in the page cache with the tags of what it shows (emptied by
 * writes like any kept page), and answered with the visitor's own parts put in (own-parts.ts): a
 * few string joins and one small query instead of a render. The copy never holds anyone's data:
 * nobody's session renders it. A visitor's first page in a process is rendered for them, and
 * gives their shell parts. Admins, and pages that do something for the visitor (a guest's save to
 * finish), are always rendered for them.
 */
export const keepSignedInPages =
  (options: SignedInPagesOptions): MiddlewareHandler =>
  async (context, next) => {
    const user = context.locals.user;
    const pages = pageCache();
    if (
      !user ||
      user.isAdmin ||
      context.locals.pageTemplate ||
      context.request.method !== 'GET' ||
      !pages.enabled ||
      !options.sharedWhenSignedIn(routeState(context).pathname) ||
      options.ownRequest(context.request)
    )
      return next();
    const partsKey = shellPartsKey(user, context.locals.locale, context.locals.lite);
    const own = shellParts.get(partsKey);
    if (!own) {
      // The visitor's first page here: rendered for them, it gives their shell parts.
      answers().inc({ how: 'own' });
      const response = await next();
      const html = await htmlOf(response);
      if (html === null) return response;
      const found = partsOf(html.text);
      const named = found && namedParts(found, SHELL_PARTS);
      if (named) remember(partsKey, named);
      return withBody(response, html.bytes);
    }
    const key = `own:${pageKey(context.url, context.locals.lite)}`;
    let copy = pages.get(key);
    let response: Response | undefined;
    if (!copy) {
      answers().inc({ how: 'copy' });
      const made = await renderCopy(context, options.templateUser, next, pages, key);
      if (made instanceof Response) return made;
      ({ copy, response } = made);
    } else answers().inc({ how: 'filled' });
    const html = await filled(context, user, copy, own, options.choosers);
    if (html === null) {
      // Its markers do not pair up (a defect of a component): never served, rendered for the visitor.
      log.error(`[pages] the shared copy of ${context.url.pathname} has parts that do not pair up; rendered for the visitor`);
      pages.forget(key);
      answers().inc({ how: 'own' });
      return next();
    }
    const info = currentRequest();
    if (info && copy.route) info.route = copy.route;
    if (info && !response) info.cache = 'filled';
    const headers = new Headers(response?.headers ?? copy.headers);
    headers.delete('ETag');
    headers.delete('Content-Length');
    headers.set('X-Page-Cache', response ? 'miss' : 'filled');
    return new Response(html, { status: copy.status, headers });
  };

/** Renders the shared copy of the request's page for the made-up account, keeping it when it may be shared. */
async function renderCopy(
  context: APIContext,
  templateUser: User,
  next: () => Promise<Response>,
  pages: PageCache,
  key: string,
): Promise<{ copy: CachedPage; response: Response } | Response> {
  const visitor = context.locals.user;
  const generation = pages.generation;
  context.locals.user = templateUser;
  context.locals.pageTemplate = true;
  let response: Response;
  let html: { text: string; bytes: Buffer } | null;
  let tags: Set<string>;
  let changesIn: number;
  try {
    const rendered = await recordingRender(() => next());
    response = rendered.result;
    // Read whole while the made-up account is the page's: nothing renders after the visitor is back.
    html = await htmlOf(response);
    tags = new Set(rendered.record.tags);
    changesIn = rendered.record.changesIn;
  } finally {
    context.locals.user = visitor;
    context.locals.pageTemplate = false;
  }
  // Not a page (a redirect, an error answered as data): nothing of anyone's in it; answered as it is.
  if (html === null) return response;
  const copy = await preparePage(response.status, [...response.headers], html.bytes, null, { encoding: 'gzip', tags, changesIn });
  copy.route = currentRequest()?.route;
  if (isShareable(response) && !context.locals.cookieRead) pages.set(key, copy, generation);
  return { copy, response };
}

/** The copy with the visitor's parts put in, or null when its markers do not pair up. */
async function filled(
  context: APIContext,
  user: User,
  copy: CachedPage,
  own: ReadonlyMap<string, string>,
  choosers: readonly OwnPartChooser[],
): Promise<string | null> {
  // Kept compressed (a sixth of the memory) and cut again for each visitor: well under a millisecond.
  const page = partsOf(pageCache().plainBody(copy).toString('utf8'));
  if (!page) return null;
  const kept = new Set<string>();
  for (const chooser of choosers) {
    const names = page.parts.map((part) => part.name).filter((name) => name.startsWith(`${chooser.kind}:`));
    if (names.length > 0) for (const name of await chooser.choose(context, user, names)) kept.add(name);
  }
  return fillParts(page, ({ name, html }) => {
    const shell = own.get(name);
    if (shell !== undefined) return shell;
    if (kept.has(name)) return html;
    // A variant the visitor does not get, or a part nobody chooses (dropped: it is the made-up account's).
    return null;
  });
}

/** The HTML of a page response (as the page-css step made it), or null for anything else. */
async function htmlOf(response: Response): Promise<{ text: string; bytes: Buffer } | null> {
  if (!isPage(response) || response.headers.has('Content-Encoding')) return null;
  const bytes = pageHtml.get(response) ?? Buffer.from(await response.arrayBuffer());
  return { text: bytes.toString('utf8'), bytes };
}

/** The same answer with its body read already. */
function withBody(response: Response, bytes: Buffer): Response {
  const answer = new Response(bytes as Uint8Array<ArrayBuffer>, { status: response.status, headers: response.headers });
  pageHtml.set(answer, bytes);
  return answer;
}

/** What the shell parts of `user` depend on: the account, what it shows of itself, the language and lite mode. */
function shellPartsKey(user: User, locale: string, lite: boolean): string {
  return JSON.stringify([user.id, user.name, user.email, user.firstName, user.lastName, user.image, locale, lite]);
}

function remember(key: string, parts: ReadonlyMap<string, string>): void {
  if (shellParts.size >= SHELL_PARTS_LIMIT) shellParts.delete(shellParts.keys().next().value!);
  // Copies: V8 keeps a slice of a string as a pointer into the whole, which would keep the page alive.
  shellParts.set(key, new Map([...parts].map(([name, html]) => [name, Buffer.from(html, 'utf8').toString('utf8')])));
}
