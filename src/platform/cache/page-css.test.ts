import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageWords, selectorVocabulary, withPageCss } from './page-css.server.ts';
import { withOnlyPageScripts } from './page-scripts.server.ts';

const CSS = [
  '@layer base{*,:after{box-sizing:border-box}html{line-height:1.5}[hidden]:where(:not([hidden=until-found])){display:none!important}}',
  '@layer utilities{.flex{display:flex}.grid{display:grid}.max-sm\\:ml-auto{@media (width<40rem){margin-left:auto}}',
  '.\\[scrollbar-width\\:none\\]{scrollbar-width:none}.after\\:absolute:after{position:absolute}.size-14{width:3.5rem}',
  '.text-red-600{color:var(--color-red-600)}.data-\\[kind\\=error\\]\\:bg-red-50[data-kind=error]{background:red}.aria-\\[current\\=page\\]\\:font-bold[aria-current=page]{font-weight:700}}',
  ':root{--color-red-600:#dc2626;--color-blue-600:#2563eb}',
  '.top-bar[data-hidden]{transform:translateY(-100%)}#site-menu{inset:0}',
  '@keyframes spin{to{rotate:1turn}}.animate-spin{animation:spin 1s linear infinite}',
  '.shadow{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}.rotate-1{--tw-rotate-z:1deg;rotate:var(--tw-rotate-z)}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-rotate-z{syntax:"*";inherits:false}',
].join('');

const page = (body: string, head = '') => `<!doctype html><html><head>${head}<style>${CSS}</style></head><body>${body}</body></html>`;
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;

describe('a page carries only the CSS it uses', () => {
  it('keeps the rules its classes, ids and attributes match, with Tailwind variants and arbitrary values', async () => {
    const css = styleOf(
      await withPageCss(page('<div class="flex max-sm:ml-auto [scrollbar-width:none] after:absolute text-red-600" id="site-menu"></div>')),
    );
    for (const kept of ['.flex{', 'max-sm\\:ml-auto', 'scrollbar-width\\:none', '.after\\:absolute:after', '#site-menu', 'box-sizing']) {
      expect(css).toContain(kept);
    }
    for (const dropped of ['.grid{', '.size-14', '.top-bar', '@keyframes spin', '--color-blue-600']) expect(css).not.toContain(dropped);
    // The custom property a kept rule reads stays.
    expect(css).toContain('--color-red-600');
  });

  it('keeps the rules of Tailwind classes with `=` in them (data-[kind=error]:…, aria-[current=page]:…)', async () => {
    const css = styleOf(
      await withPageCss(
        page(
          '<p class="data-[kind=error]:bg-red-50" data-kind="error"></p><a class="aria-[current=page]:font-bold" aria-current="page"></a>',
        ),
      ),
    );
    expect(css).toContain('data-\\[kind\\=error\\]\\:bg-red-50');
    expect(css).toContain('aria-\\[current\\=page\\]\\:font-bold');
    expect(styleOf(await withPageCss(page('<p class="flex"></p>')))).not.toContain('bg-red-50');
  });

  it("keeps preflight's rule that hides [hidden] elements whatever their display class", async () => {
    const css = styleOf(await withPageCss(page('<div class="flex" hidden></div>')));
    expect(css).toContain('[hidden]:where(:not([hidden=until-found])){display:none!important}');
  });

  it('keeps the @property registrations of the custom properties its rules use, and no other', async () => {
    const css = styleOf(await withPageCss(page('<div class="shadow"></div>')));
    expect(css).toContain('@property --tw-shadow{');
    expect(css).not.toContain('--tw-rotate-z');
  });

  it('keeps a rule for an attribute that only an inline script sets', async () => {
    const script = `<script>document.querySelector('.top-bar').setAttribute('data-hidden', '')</script>`;
    expect(styleOf(await withPageCss(page(`<header class="top-bar"></header>${script}`)))).toContain('.top-bar[data-hidden]');
    expect(styleOf(await withPageCss(page('<header class="top-bar"></header>')))).not.toContain('data-hidden');
  });

  it('leaves the whole stylesheet to a page whose script files may add classes', async () => {
    for (const html of [
      page('<astro-island uid="1"></astro-island><div class="flex"></div>'),
      page('<div class="flex"></div>', '<script type="module" src="/_astro/x.js"></script>'),
      page('<div class="flex"></div><script src="/_astro/y.js"></script>'),
    ]) {
      expect(styleOf(await withPageCss(html))).toBe(CSS);
    }
  });

  it('answers pages of one kind from one cut: words outside the selectors do not matter', async () => {
    const a = styleOf(await withPageCss(page('<p class="flex">Coffee beans, 20% off</p>')));
    const b = styleOf(await withPageCss(page('<p class="flex">Haircut and shave</p>')));
    expect(a).toBe(b);
  });

  it("answers every deal from one cut: a class's name in a deal's text or data block is not markup (issue 31)", async () => {
    const plain = styleOf(await withPageCss(page('<p class="flex">Coffee</p>')));
    const wordy = page(
      '<p class="flex">A grid of hidden shelves, animate-spin free</p>' +
        '<script type="application/ld+json">{"description":"grid shadow"}</script>',
    );
    expect(styleOf(await withPageCss(wordy))).toBe(plain);
    expect(plain).not.toContain('.grid');
    // The same words as markup still keep their rules.
    expect(styleOf(await withPageCss(page('<p class="flex grid">Coffee</p>')))).toContain('.grid');
  });

  it('reads each tag once per stylesheet: the same tag gives the same words, another vocabulary its own', () => {
    const html = '<div class="flex grid">x</div><div class="flex grid">y</div><p class="flex">z</p>';
    expect([...pageWords(html, new Set(['flex', 'grid', 'p']))].sort()).toEqual(['flex', 'grid', 'p']);
    expect([...pageWords(html, new Set(['flex', 'grid', 'p']))].sort()).toEqual(['flex', 'grid', 'p']);
    expect([...pageWords(html, new Set(['grid']))]).toEqual(['grid']);
  });

  it('leaves a page without an inline stylesheet as it is', async () => {
    const html = '<!doctype html><html><body class="flex">x</body></html>';
    expect(await withPageCss(html)).toBe(html);
  });

  it('reads the selector vocabulary with CSS escapes undone', () => {
    const vocabulary = selectorVocabulary('.max-sm\\:ml-auto{}.\\[scrollbar-width\\:none\\]{}.\\32 xl{}[data-hidden]{}');
    expect([...vocabulary]).toEqual(expect.arrayContaining(['max-sm:ml-auto', '[scrollbar-width:none]', '2xl', 'data-hidden']));
  });
});

describe("a page's policy names only its inline scripts", () => {
  const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
  const policy = "default-src 'self'; script-src 'self' 'sha256-AAA=' 'sha256-BBB='; style-src 'self' 'unsafe-inline'";

  it('replaces the site-wide hashes with those of the scripts on the page', () => {
    const html = '<script>one()</script><p>x</p><script data-lang="en">two()</script>';
    const scriptSrc = withOnlyPageScripts(policy, html)
      .split(';')
      .find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc.trim().split(/\s+/)).toEqual(['script-src', "'self'", hash('one()'), hash('two()')]);
  });

  it('ignores script files and data blocks, and keeps every other directive', () => {
    const html = '<script src="/a.js"></script><script type="application/ld+json">{"a":1}</script><script type="module">m()</script>';
    const result = withOnlyPageScripts(policy, html);
    expect(result).toContain(hash('m()'));
    expect(result).not.toContain(hash('{"a":1}'));
    expect(result).not.toContain('AAA');
    expect(result).toContain("default-src 'self'");
    expect(result).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('finds the same words in one split as the two regular expressions it replaced (issue 31)', () => {
    const vocabulary = new Set([
      'flex',
      'grid',
      'data-[kind=error]:bg-red-50',
      'kind',
      'error',
      'hidden',
      'site-menu',
      'a',
      'href',
      'class',
      'id',
    ]);
    const html = `<nav id="site-menu" class="flex  grid\tdata-[kind=error]:bg-red-50" data-kind=error hidden><a href="/x?kind=1">grid flexible</a></nav>`;
    const before = new Set<string>();
    for (const word of html.match(/[^\s<>"'`=]+/g) ?? []) if (vocabulary.has(word)) before.add(word);
    for (const word of html.match(/[^\s<>"'`]*=[^\s<>"'`]*/g) ?? []) if (vocabulary.has(word)) before.add(word);
    expect([...pageWords(html, vocabulary)].sort()).toEqual([...before].sort());
    expect(pageWords(html, vocabulary)).toContain('data-[kind=error]:bg-red-50');
  });
});
