import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { coveredRead } from '#platform/cache/page-dependencies.server.ts';
import { ownPartClose, ownPartOpen } from '#platform/cache/own-parts.ts';
import { keepSignedInPages, type OwnPartChooser } from './keep-signed-in-pages.server.ts';
import { pageCache } from './page-store.server.ts';
import { routeState } from './route-state.ts';
import { fakeContext, fakeNext, htmlPage, run } from './step-test-kit.ts';

type User = NonNullable<App.Locals['user']>;
const person = (id: string, firstName: string, email: string, isAdmin = false): User => ({
  id,
  email,
  name: `${firstName} Tesfaye`,
  firstName,
  lastName: 'Tesfaye',
  image: null,
  isAdmin,
});
const NOBODY = person('shared-copy:nobody', 'Nobody', 'nobody@copy.invalid');
const abebe = person('a1', 'Abebe', 'abebe@example.com');
const sara = person('s1', 'Sara', 'sara@example.com');

const part = (name: string, html: string) => `${ownPartOpen(name)}${html}${ownPartClose()}`;
/** Who saved deal 7. */
const savedBy = new Set<string>();

/**
 * A deal's page as the components render it: the greeting and the profile card are the visitor's,
 * the Save button holds both variants in the shared copy. Each render is counted, with its visitor.
 */
function dealPage(context: APIContext, opts: { headers?: Record<string, string> } = {}) {
  return fakeNext((async () => {
    const user = context.locals.user!;
    const saved = savedBy.has(user.id);
    const variants = context.locals.pageTemplate ? [false, true] : [saved];
    const save = variants.map((s) => part(`save:7:${s ? 'saved' : 'unsaved'}`, s ? '<b>Saved</b>' : '<b>Save</b>')).join('');
    const html = await coveredRead(
      ['listings'],
      async () =>
        `<header>${part('greeting', `<button>Hi, ${user.firstName}</button>`)}</header><main>Deal 7 ${save}</main>` +
        part('account', `<div>${user.name} ${user.email}</div>`),
      () => ({ tags: ['listing:7'] }),
    );
    return htmlPage(html, opts.headers);
  }) as unknown as () => Response);
}

const saves: OwnPartChooser = {
  kind: 'save',
  choose: async (_context, user, names) => new Set(names.filter((name) => name.endsWith(savedBy.has(user.id) ? ':saved' : ':unsaved'))),
};
const step = keepSignedInPages({
  templateUser: NOBODY,
  sharedWhenSignedIn: (pathname) => pathname.startsWith('/listings/'),
  ownRequest: (request) => (request.headers.get('cookie') ?? '').includes('pending='),
  choosers: [saves],
});

async function visit(user: User, path = '/listings/7', headers: Record<string, string> = {}) {
  const context = fakeContext({
    url: `http://localhost:4321${path}`,
    headers,
    locals: { user, locale: path.startsWith('/am') ? 'am' : 'en' },
  });
  routeState(context).pathname = path.replace(/^\/am/, '');
  const renderer = dealPage(context);
  const seen: (string | undefined)[] = [];
  const next = (async () => {
    seen.push(context.locals.user?.id);
    return renderer();
  }) as unknown as Parameters<typeof step>[1];
  const response = await run(step, context, next);
  return { response, html: await response.text(), renderedFor: seen, locals: context.locals };
}

describe('keepSignedInPages: one copy of a page for every signed-in visitor, with their own parts', () => {
  it('renders a copy for nobody and serves it to each visitor with their own name, card and Save; never another’s', async () => {
    savedBy.clear();
    savedBy.add('a1');
    // Each visitor's first page here is rendered for them: it gives their shell parts.
    const abebeFirst = await visit(abebe, '/listings/70');
    expect(abebeFirst.renderedFor).toEqual(['a1']);
    const saraFirst = await visit(sara, '/listings/70');
    expect(saraFirst.renderedFor).toEqual(['s1']);

    // Abebe's next page: the copy is rendered for the made-up account, then filled for him.
    const copyMade = await visit(abebe);
    expect(copyMade.renderedFor).toEqual(['shared-copy:nobody']);
    expect(copyMade.locals.user).toBe(abebe);
    expect(copyMade.locals.pageTemplate).toBe(false);
    expect(copyMade.response.headers.get('X-Page-Cache')).toBe('miss');
    expect(copyMade.html).toContain('Hi, Abebe');
    expect(copyMade.html).toContain('<b>Saved</b>');
    expect(copyMade.html).not.toContain('Nobody');

    // Sara gets the same copy, not rendered again: her name, her card, her (unsaved) button.
    const fromCopy = await visit(sara);
    expect(fromCopy.renderedFor).toEqual([]);
    expect(fromCopy.response.headers.get('X-Page-Cache')).toBe('filled');
    expect(fromCopy.html).toContain('Hi, Sara');
    expect(fromCopy.html).toContain('Sara Tesfaye sara@example.com');
    expect(fromCopy.html).toContain('<b>Save</b>');
    for (const other of ['Abebe', 'abebe@example.com', 'Nobody', 'nobody@copy.invalid', '<b>Saved</b>'])
      expect(fromCopy.html).not.toContain(other);

    // And Abebe again: his, with Saved.
    const again = await visit(abebe);
    expect(again.renderedFor).toEqual([]);
    expect(again.html).toContain('Abebe Tesfaye abebe@example.com');
    expect(again.html).toContain('<b>Saved</b>');
    expect(again.html).not.toContain('Sara');
    expect(again.html).not.toContain('<b>Save</b>');
  });

  it('drops the copy when a write changes what it shows', async () => {
    await visit(abebe, '/listings/7');
    expect((await visit(sara)).renderedFor).toEqual([]);
    pageCache().changed(['listing:7']);
    expect((await visit(sara)).renderedFor).toEqual(['shared-copy:nobody']);
  });

  it('renders for the visitor: an admin, a page not shared, a guest’s save to finish, a language whose parts are not known yet', async () => {
    await visit(abebe);
    const admin = person('ad', 'Admin', 'admin@example.com', true);
    expect((await visit(admin)).renderedFor).toEqual(['ad']);
    expect((await visit(admin)).renderedFor).toEqual(['ad']);
    expect((await visit(abebe, '/profile')).renderedFor).toEqual(['a1']);
    expect((await visit(abebe, '/listings/7', { cookie: 'pending=x' })).renderedFor).toEqual(['a1']);
    expect((await visit(abebe, '/am/listings/7')).renderedFor).toEqual(['a1']);
  });

  it('serves but never keeps a copy that is private to its request', async () => {
    await visit(sara, '/listings/8');
    const context = fakeContext({ url: 'http://localhost:4321/listings/9', locals: { user: sara } });
    routeState(context).pathname = '/listings/9';
    const first = await run(step, context, dealPage(context, { headers: { 'Cache-Control': 'private, no-store' } }));
    expect(await first.text()).toContain('Hi, Sara');
    expect(pageCache().get('own:/listings/9')).toBeUndefined();
  });
});
